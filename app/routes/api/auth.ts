import { hasControlCharacter } from "~/lib/control-characters";
import { bodyRefusal, BodyTooLargeError, DRAIN_LIMIT, FORM_BODY_LIMIT, readBodyLimited } from "~/lib/request-body.server";

import type { Route } from "./+types/auth";

/**
 * /api/auth/*: the few better-auth endpoints a browser or an API client calls directly. Everything
 * else better-auth and its plugins offer (account administration, two-factor setup, password
 * changes, impersonation) is reached only through this site's own pages and checks (ADR 011).
 */
const PUBLIC_ENDPOINTS: Record<string, "GET" | "POST"> = {
  "/api/auth/get-session": "GET",
  "/api/auth/sign-out": "POST",
  "/api/auth/sign-in/email": "POST",
  "/api/auth/two-factor/verify-totp": "POST",
  "/api/auth/two-factor/verify-backup-code": "POST",
};

/** A 404 for what is not offered, a 405 for the wrong method; null when the request may go on. */
function refusal(request: Request): Response | null {
  const method = PUBLIC_ENDPOINTS[new URL(request.url).pathname];
  if (!method) return Response.json({ code: "NOT_FOUND", message: "Not found." }, { status: 404 });
  const asked = request.method === "HEAD" ? "GET" : request.method;
  if (asked !== method)
    return Response.json({ code: "METHOD_NOT_ALLOWED", message: "Method not allowed." }, { status: 405, headers: { Allow: method } });
  return null;
}

/** Drops every token (a key named like one, at any depth) from a JSON value. */
function dropTokens(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(dropTokens);
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => !/token/i.test(key))
      .map(([key, inner]) => [key, dropTokens(inner)]),
  );
}

/**
 * better-auth's answer without the tokens it puts in its JSON (sign-in, the code step and
 * get-session carry the session's): tokens live only in httpOnly cookies and never reach a page's
 * script (docs/requirements/accounts.md#sessions). Headers (the cookies) and status are kept.
 */
async function withoutTokens(response: Response): Promise<Response> {
  if (!/^application\/json\b/i.test(response.headers.get("content-type") ?? "") || !response.body) return response;
  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return new Response(text, response);
  }
  const headers = new Headers(response.headers);
  headers.delete("content-length");
  return new Response(JSON.stringify(dropTokens(body)), { status: response.status, statusText: response.statusText, headers });
}

export async function loader({ request, context }: Route.LoaderArgs) {
  return refusal(request) ?? withoutTokens(await context.services.auth.handler(request));
}

type Field = { kind: "string"; max: number } | { kind: "boolean" };
const text = (max: number): Field => ({ kind: "string", max });
const flag: Field = { kind: "boolean" };

/**
 * The JSON fields each public write takes (better-auth's own, for these endpoints), with their
 * kind and longest length. Passwords: at most 256 characters (docs/requirements/accounts.md#passwords).
 */
const BODY_FIELDS: Record<string, Record<string, Field>> = {
  "/api/auth/sign-in/email": { email: text(320), password: text(256), callbackURL: text(2000), rememberMe: flag },
  "/api/auth/two-factor/verify-totp": { code: text(64), trustDevice: flag },
  "/api/auth/two-factor/verify-backup-code": { code: text(64), trustDevice: flag, disableSession: flag },
};

const badRequest = (message: string) =>
  Response.json({ code: "INVALID_REQUEST", message }, { status: 400, headers: { "Cache-Control": "no-store" } });

/**
 * A 400 for a sign-in or code body that is not what the endpoint takes, before better-auth sees it
 * (docs/requirements/accounts.md#sign-in): not a JSON object, an unknown field, a field of the wrong kind, a
 * control character (NUL among them: PostgreSQL cannot even be asked about one) or an over-long value.
 * Null when the body may go on, and for the endpoints that take no body.
 */
function bodyFieldRefusal(request: Request, body: Uint8Array): Response | null {
  const fields = BODY_FIELDS[new URL(request.url).pathname];
  if (!fields) return null;
  const type = request.headers.get("content-type")?.split(";")[0].trim().toLowerCase();
  if (type !== "application/json") return badRequest("Send the request body as JSON (Content-Type: application/json).");
  let parsed: unknown;
  try {
    parsed = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(body));
  } catch {
    return badRequest("The request body must be JSON.");
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) return badRequest("The request body must be a JSON object.");
  for (const [name, value] of Object.entries(parsed)) {
    const field = Object.hasOwn(fields, name) ? fields[name] : undefined;
    if (!field) return badRequest(`Unknown field: ${JSON.stringify(name.slice(0, 40))}.`);
    if (field.kind === "boolean") {
      if (typeof value !== "boolean") return badRequest(`${name} must be true or false.`);
    } else if (typeof value !== "string") return badRequest(`${name} must be a string.`);
    else if (value.length > field.max) return badRequest(`${name} is too long.`);
    else if (hasControlCharacter(value)) return badRequest(`${name} must not contain control characters.`);
  }
  return null;
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
  const refused = refusal(request) ?? bodyFieldRefusal(request, body);
  if (refused) return refused;
  return withoutTokens(
    await context.services.auth.handler(
      new Request(request.url, { method: request.method, headers: request.headers, body: body.byteLength > 0 ? body : null }),
    ),
  );
}
