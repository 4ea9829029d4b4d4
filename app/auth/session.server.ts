/**
 * Who is asking, and the guards every protected loader, action and API call uses (docs/requirements/README.md#routes):
 * no session → /auth/login with the original path; no admin role (requireAdmin), neither the
 * editor nor the admin role (requireEditor), or an editor at the leads (requireLeads) → 403 Access
 * Denied; someone let in without two-factor sign-in → its setup page; their session that did not
 * itself pass the second factor → ended, and sign-in again (docs/requirements/accounts.md#two-factor-sign-in).
 */
import { eq } from "drizzle-orm";
import { data, redirect } from "react-router";

import type { Database } from "~/db/client.server";
import { session as sessionTable } from "~/db/schema.server";
import { log } from "~/lib/log.server";

import { ACCESS_DENIED_TEXT } from "./access-denied";
import type { Auth } from "./auth.server";
import { SESSION_MAX_AGE_SECONDS } from "./config";
import { loginPath, twoFactorSetupPath } from "./redirect";
import { roleFlags, type RoleFlags } from "./roles.server";
import { passedSecondFactor } from "./second-factor.server";

export interface SignedIn extends RoleFlags {
  user: { id: string; email: string; name: string };
  session: { id: string; expiresAt: string };
  /** Two-factor sign-in is on (read from the database on every request: sessions are not cached). */
  twoFactorEnabled: boolean;
  /** This session itself passed the second factor (the code step, or the first code of setup). */
  sessionPassedSecondFactor: boolean;
}

/** What the guards use: the server's services (context.services). */
export type GuardServices = { auth: Auth; db: Database };

/**
 * The signed-in user, or null. When the database cannot be reached, protected pages answer 503
 * (the error page) rather than a 500, and say nothing about what they hold.
 */
export async function getSignedIn(services: GuardServices, request: Request): Promise<SignedIn | null> {
  let result: Awaited<ReturnType<Auth["api"]["getSession"]>>;
  const instance = services.auth;
  try {
    result = await instance.api.getSession({ headers: request.headers });
  } catch (error) {
    log.error(`The session could not be checked: ${error instanceof Error ? error.message : error}`);
    throw data({ reason: "unavailable" }, { status: 503, headers: { "Retry-After": "60", "Cache-Control": "no-store" } });
  }
  if (!result) return null;
  const { user, session } = result;
  // Past the absolute lifetime the session is over, however active it was: end it for good.
  if (Date.now() - new Date(session.createdAt).getTime() >= SESSION_MAX_AGE_SECONDS * 1000) {
    await instance.api.revokeSession({ headers: request.headers, body: { token: session.token } }).catch(() => {});
    return null;
  }
  return {
    user: { id: user.id, email: user.email, name: user.name },
    session: { id: session.id, expiresAt: new Date(session.expiresAt).toISOString() },
    twoFactorEnabled: (user as { twoFactorEnabled?: boolean | null }).twoFactorEnabled === true,
    sessionPassedSecondFactor: passedSecondFactor(session as unknown as Record<string, unknown>),
    ...(await roleFlags(services.db, user)),
  };
}

function originalPath(request: Request): string {
  const url = new URL(request.url);
  return `${url.pathname}${url.search}`;
}

/** A signed-in user, or a redirect to sign-in that remembers where they were going. */
export async function requireUser(services: GuardServices, request: Request): Promise<SignedIn> {
  const signedIn = await getSignedIn(services, request);
  if (!signedIn) throw redirect(loginPath(originalPath(request)));
  return signedIn;
}

/**
 * The admin area's rule for a role: the role (`allowed`), or the Access Denied screen with HTTP
 * 403; then two-factor sign-in on, in a session that passed it. Someone with the role but without
 * the factor is sent to set it up first, whatever page or form they asked for, however old their
 * session. A session made with the password alone (before the factor was turned on elsewhere, say)
 * is ended and its holder sent to sign in again, which asks for the code
 * (docs/requirements/accounts.md#two-factor-sign-in).
 */
async function requireAdminAreaRole(
  services: GuardServices,
  request: Request,
  allowed: (signedIn: SignedIn) => boolean,
): Promise<SignedIn> {
  const signedIn = await requireUser(services, request);
  if (!allowed(signedIn)) throw data({ reason: "access-denied" }, { status: 403 });
  const from = request.method === "GET" ? originalPath(request) : undefined;
  if (!signedIn.twoFactorEnabled) throw redirect(twoFactorSetupPath(from));
  if (!signedIn.sessionPassedSecondFactor) {
    // Ended, not kept: the sign-in page sends a signed-in visitor straight back here.
    await services.db.delete(sessionTable).where(eq(sessionTable.id, signedIn.session.id));
    throw redirect(loginPath(from));
  }
  return signedIn;
}

/**
 * An administrator with two-factor sign-in on, in a session that passed it, or the Access Denied
 * screen with HTTP 403 (the rules of requireAdminAreaRole above).
 */
export async function requireAdmin(services: GuardServices, request: Request): Promise<SignedIn> {
  return requireAdminAreaRole(services, request, (signedIn) => signedIn.isAdmin);
}

/**
 * Someone who may edit content (the content studio, the blog: docs/requirements/accounts.md#roles): an
 * editor or an administrator, with the same two-factor and session rules as requireAdmin. No
 * session → sign-in with the way back; signed in without either role → the same Access Denied 403.
 * Every loader and action of /admin/content and /admin/blog calls it:
 * `const me = await requireEditor(context.services, request);`
 */
export async function requireEditor(services: GuardServices, request: Request): Promise<SignedIn> {
  return requireAdminAreaRole(services, request, (signedIn) => signedIn.isEditor);
}

/**
 * Someone who works leads (docs/requirements/leads.md#who-may-do-what): an administrator, or staff
 * without the editor role; with the same two-factor and session rules as requireAdmin (leads hold
 * people's names, e-mail addresses and phone numbers). An editor gets the same Access Denied 403.
 * What each may change on a lead is the pipeline's rule (app/leads/pipeline.ts), checked on the lead.
 */
export async function requireLeads(services: GuardServices, request: Request): Promise<SignedIn> {
  return requireAdminAreaRole(services, request, (signedIn) => signedIn.canWorkLeads);
}

export const TWO_FACTOR_REQUIRED_MESSAGE = "Set up two-factor sign-in at /account/two-factor before using the admin area.";
export const SECOND_FACTOR_SESSION_MESSAGE = "This session was made without the second factor. Sign in again with your code.";

/** The super-administrator (docs/requirements/accounts.md#roles), or the same Access Denied 403 for everyone else. */
export async function requireSuperAdmin(services: GuardServices, request: Request): Promise<SignedIn> {
  const signedIn = await requireAdmin(services, request);
  if (!signedIn.isSuperAdmin) throw data({ reason: "access-denied" }, { status: 403 });
  return signedIn;
}

/** For API calls: the vocabulary of docs/requirements/accounts.md#staff-accounts instead of redirects. */
export async function requireAdminApi(services: GuardServices, request: Request): Promise<SignedIn> {
  const signedIn = await getSignedIn(services, request);
  if (!signedIn) throw Response.json({ code: "session_not_found", message: "Auth session missing!" }, { status: 401 });
  if (!signedIn.isAdmin) throw Response.json({ code: "forbidden", message: ACCESS_DENIED_TEXT.message }, { status: 403 });
  if (!signedIn.twoFactorEnabled)
    throw Response.json({ code: "two_factor_required", message: TWO_FACTOR_REQUIRED_MESSAGE }, { status: 403 });
  if (!signedIn.sessionPassedSecondFactor)
    throw Response.json({ code: "second_factor_session_required", message: SECOND_FACTOR_SESSION_MESSAGE }, { status: 403 });
  return signedIn;
}
