/**
 * What the sign-in steps say both from the server and in the browser (docs/requirements/accounts.md#sign-in,
 * docs/requirements/accounts.md#two-factor-sign-in), so /auth/login and /auth/two-factor word them once.
 */

/** The network failed before the server answered (the routes' clientAction). */
export const SIGN_IN_OFFLINE = "We could not reach the server. Check your connection and try again.";

/** The code step's challenge is gone (expired, used, too many wrong codes): the page offers to sign in again. */
export const CHALLENGE_EXPIRED = "challenge_expired";
export const CHALLENGE_EXPIRED_MESSAGE = "This sign-in has expired or was already used. Sign in again.";
