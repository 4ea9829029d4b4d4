import type { Route } from "./+types/api-auth";
import { auth } from "~/auth/auth.server";

/** /api/auth/*: better-auth's endpoints (sign-in, sign-out, get-session, ...). */
export async function loader({ request }: Route.LoaderArgs) {
  return (await auth()).handler(request);
}

export async function action({ request }: Route.ActionArgs) {
  return (await auth()).handler(request);
}
