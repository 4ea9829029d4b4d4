/** Session and sign-in constants shared by server and client (docs/requirements/accounts.md#sessions, #sign-in, #constants). */

/** The server forgets a session not refreshed for this long; the client refreshes while active. */
export const SESSION_IDLE_SECONDS = 15 * 60;
/** However active, a session ends this long after sign-in; then a new sign-in is needed. */
export const SESSION_MAX_AGE_SECONDS = 12 * 60 * 60;
/** A session in use is extended at most this often. */
export const SESSION_UPDATE_AGE_SECONDS = 60;
/**
 * docs/requirements/accounts.md#sign-in-throttling: failed password or code attempts counted per account and
 * per client address within a window; reaching a limit pauses sign-in for that account or address.
 * Successful sign-ins never count.
 */
export const THROTTLE_WINDOW_SECONDS = 15 * 60;
export const ACCOUNT_FAILURE_LIMIT = 10;
export const ADDRESS_FAILURE_LIMIT = 50;
export const THROTTLE_PAUSE_SECONDS = 15 * 60;
/**
 * docs/requirements/accounts.md#sign-in-throttling: a browser that signed in to an account is known for this
 * long (renewed at each sign-in); its sign-ins to that account count in their own bucket.
 */
export const KNOWN_BROWSER_SECONDS = 180 * 24 * 60 * 60;
/** The header our own server sets to the real client address (never taken from the client). */
export const CLIENT_IP_HEADER = "x-crossroads-client-ip";
export const MIN_PASSWORD_LENGTH = 12;
/** docs/requirements/accounts.md#password-reset: a reset link works once, for this long. */
export const RESET_TOKEN_SECONDS = 30 * 60;
/** docs/requirements/accounts.md#two-factor-sign-in: one-time backup codes shown once when two-factor sign-in is turned on. */
export const BACKUP_CODE_COUNT = 10;

/** docs/requirements/accounts.md#inactivity-timer: the inactivity timer, only while signed in. */
export const ACTIVITY_EVENTS = ["mousedown", "mousemove", "keypress", "scroll", "touchstart", "click"] as const;
export const ACTIVITY_DEBOUNCE_MS = 1_000;
export const INACTIVITY_WARNING_MS = 9 * 60_000;
export const INACTIVITY_LOGOUT_MS = 10 * 60_000;
export const WARNING_TOAST_MS = 60_000;
export const EXPIRED_TOAST_MS = 3_000;
/** docs/requirements/accounts.md#sessions: check the session every 30 s and refresh it when 90 s remain. */
export const SESSION_CHECK_INTERVAL_MS = 30_000;
export const SESSION_REFRESH_THRESHOLD_MS = 90_000;
/** docs/requirements/accounts.md#sessions: retry on 502, 503, 504, exponentially from 200 ms, within a 30 s window. */
export const RETRY_STATUSES = [502, 503, 504] as const;
export const RETRY_INITIAL_DELAY_MS = 200;
export const RETRY_WINDOW_MS = 30_000;

/** Pages behind a guard: a client navigation to them shows the access check until the server answers. */
export { isProtectedPath } from "~/config/private-paths";
