/** Session and sign-in constants shared by server and client (SPEC §9, DECISIONS §4). */

/** The server forgets a session not refreshed for this long; the client refreshes while active. */
export const SESSION_IDLE_SECONDS = 15 * 60;
/** A session in use is extended at most this often. */
export const SESSION_UPDATE_AGE_SECONDS = 60;
/** Sign-in attempts allowed per client address per window. */
export const SIGN_IN_MAX_ATTEMPTS = 5;
export const SIGN_IN_WINDOW_SECONDS = 60;
/** The header our own server sets to the real client address (never taken from the client). */
export const CLIENT_IP_HEADER = "x-crossroads-client-ip";
export const MIN_PASSWORD_LENGTH = 12;
