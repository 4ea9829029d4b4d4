import type { Route } from "./+types/api-auth";
import { bodyRefusal, BodyTooLargeError, FORM_BODY_LIMIT, readBodyLimited, DRAIN_LIMIT } from "~/lib/request-body.server";

/** /api/auth/*: better-auth's endpoints (sign-in, sign-out, get-session, ...). */
export async function loader({ request, context }: Route.LoaderArgs) {
  return context.services.auth.handler(request);
}

/** Writes: the body is read within the same small limit as every form, then handed to better-auth. */
export async function action({ request, context }: Route.ActionArgs) {
  let body: Uint8Array<ArrayBuffer>;
  try {
    body = await readBodyLimited(request, FORM_BODY_LIMIT, DRAIN_LIMIT);
  } catch (error) {
    if (error instanceof BodyTooLargeError) return bodyRefusal(413);
    throw error;
  }
  return context.services.auth.handler(
    new Request(request.url, { method: request.method, headers: request.headers, body: body.byteLength > 0 ? body : null }),
  );
}
