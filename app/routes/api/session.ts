import { getSignedIn } from "~/auth/session.server";

import type { Route } from "./+types/session";

/** GET /api/session: who is signed in, with their roles, for the client's auth state. Never cached. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const signedIn = await getSignedIn(context.services, request);
  const body = signedIn
    ? {
        user: { id: signedIn.user.id, email: signedIn.user.email },
        session: { expiresAt: signedIn.session.expiresAt },
        isAdmin: signedIn.isAdmin,
        isEditor: signedIn.isEditor,
        isSuperAdmin: signedIn.isSuperAdmin,
        canWorkLeads: signedIn.canWorkLeads,
      }
    : { user: null, session: null, isAdmin: false, isEditor: false, isSuperAdmin: false, canWorkLeads: false };
  return Response.json(body, { headers: { "Cache-Control": "no-store" } });
}
