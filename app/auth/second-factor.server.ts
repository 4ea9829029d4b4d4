/**
 * Which sessions passed the second factor (docs/requirements/accounts.md#two-factor-sign-in). A session opens
 * the admin area only when that session itself passed it: made by the code step at sign-in
 * (verify-totp, verify-backup-code), or the session better-auth makes when a first code completes
 * setup. Each session row says so in `two_factor_verified_at`, written here on the server when
 * better-auth creates the session, from the endpoint that creates it: nothing a client sends can set it.
 *
 * Also here: better-auth's "trust this device" is refused (the option, and any cookie it set before),
 * and the code step's HTTP endpoints always work as a sign-in's code step, never on a session.
 */
import type { BetterAuthPlugin } from "better-auth";
import { APIError, createAuthMiddleware } from "better-auth/api";

/** better-auth's endpoints that check a code at sign-in (and, on a session, the first code of setup). */
export const CODE_STEP_PATHS: readonly string[] = ["/two-factor/verify-totp", "/two-factor/verify-backup-code"];
const SIGN_IN_PATH = "/sign-in/email";
/** The only endpoint that replaces a session while keeping it the same person's same sign-in. */
const CHANGE_PASSWORD_PATH = "/change-password";

/** The code of the 400 a request asking to trust the device gets. */
export const TRUST_DEVICE_REFUSED = "TRUST_DEVICE_REFUSED";
export const TRUST_DEVICE_REFUSED_MESSAGE = "This site does not remember devices: every sign-in asks for a code. Leave out trustDevice.";

/** better-auth's session field (session.additionalFields in auth.server.ts); column two_factor_verified_at. */
export const SECOND_FACTOR_FIELD = "twoFactorVerifiedAt";

type EndpointContext = {
  path?: string;
  context?: { session?: { session?: Record<string, unknown> | null } | null };
} | null;

/**
 * What a new session row says about the second factor, from the endpoint creating it: now for the
 * code step and for the first code of setup; the current session's own value when a password change
 * replaces it (the same sign-in goes on); null for everything else (a password sign-in, turning
 * the factor off), whatever an older session row copied into it held.
 */
export function secondFactorOfNewSession(context: EndpointContext, now = new Date()): Date | null {
  const path = context?.path ?? "";
  if (CODE_STEP_PATHS.includes(path)) return now;
  if (path === CHANGE_PASSWORD_PATH) {
    const current = context?.context?.session?.session?.[SECOND_FACTOR_FIELD];
    if (current instanceof Date || typeof current === "string") {
      const at = new Date(current);
      return Number.isNaN(at.getTime()) ? null : at;
    }
  }
  return null;
}

/** Whether a session (as better-auth returns it) passed the second factor. */
export function passedSecondFactor(session: Record<string, unknown>): boolean {
  const at = session[SECOND_FACTOR_FIELD];
  return (at instanceof Date || typeof at === "string") && !Number.isNaN(new Date(at).getTime());
}

/** The Cookie header without the cookies whose names end with one of `suffixes` (any prefix). */
function withoutCookies(cookie: string, suffixes: readonly string[]): string {
  return cookie
    .split(";")
    .map((pair) => pair.trim())
    .filter((pair) => {
      const at = pair.indexOf("=");
      const name = at < 0 ? pair : pair.slice(0, at);
      return pair !== "" && !suffixes.some((suffix) => name === suffix || name.endsWith(`.${suffix}`));
    })
    .join("; ");
}

type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

export function secondFactorRules(): BetterAuthPlugin {
  return {
    id: "crossroads-second-factor",
    hooks: {
      before: [
        {
          matcher: (ctx) => ctx.path === SIGN_IN_PATH || CODE_STEP_PATHS.includes(ctx.path ?? ""),
          handler: createAuthMiddleware(async (ctx: HookContext) => {
            const onCodeStep = CODE_STEP_PATHS.includes(ctx.path ?? "");
            const trust = (ctx.body as { trustDevice?: unknown } | undefined)?.trustDevice;
            if (onCodeStep && trust !== undefined && trust !== false)
              throw new APIError("BAD_REQUEST", { code: TRUST_DEVICE_REFUSED, message: TRUST_DEVICE_REFUSED_MESSAGE });
            const cookie = ctx.headers?.get("cookie");
            if (!cookie) return;
            // A trust-device cookie issued before the option was refused no longer skips the code step.
            const dropped = ["trust_device"];
            // Over HTTP the code step only finishes a sign-in (the challenge cookie), never acts on a
            // session: setup's first code goes through /account/two-factor (auth.api, no request).
            if (onCodeStep && ctx.request) dropped.push("session_token", "session_data");
            const kept = withoutCookies(cookie, dropped);
            if (kept === cookie) return;
            return { context: { headers: new Headers({ cookie: kept }) } };
          }),
        },
      ],
    },
  };
}
