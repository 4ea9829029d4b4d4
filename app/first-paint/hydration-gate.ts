/**
 * The names the hydration gate (the page's module script, written by app/first-paint/first-paint.server.ts)
 * and the browser's code share: when a public page fetches its modules, when it hydrates, and the
 * marks it leaves (ADR 013).
 */

/**
 * Events that start hydration: the visitor is about to use the page (a pointer moved or pressed,
 * a touch, a wheel, a key, focus). A page nobody touches is never hydrated: it works as sent
 * (ADR 013, amended 2026-11-26). Its modules are fetched and evaluated once it is idle after load,
 * so that the first touch costs their execution only (amended 2026-11-29).
 */
export const HYDRATE_ON = ["pointerdown", "pointermove", "touchstart", "wheel", "keydown", "focusin"] as const;

/**
 * A press (pointer or touch) starts hydration once its tap is over: after its click, or its
 * cancel (the touch became a scroll), or after `TAP_WAIT_MS` of a press held. Any start waits for
 * the frame that answers the input: hydration's first task in the press's own task delayed the
 * click, and so the menu it opens, by as much (docs/decisions/013-first-paint-before-hydration.md).
 */
export const TAP_ENDS = ["click", "pointercancel"] as const;
export const TAP_WAIT_MS = 500;

/**
 * Set on <html> once the page is idle after its first paint: from then on the closed side menu is
 * laid out hidden rather than not at all (app/site.css), so that the tap that opens it does not
 * also style and lay it out for the first time (about 20 ms of its frame on the mobile profile).
 */
export const MENU_READY = "menuReady";

/**
 * On window, on a page with the gate: a promise that settles when the page may hydrate (painted,
 * and the visitor's first input is over). app/entry.client.tsx waits for it; without it (a page
 * behind sign-in) the page hydrates at once.
 */
export const HYDRATE_WHEN = "__hydrateWhen";

/** Set on <html> (`data-hydrated`) once React has committed the page: its controls are React's from then on. */
export const HYDRATED = "hydrated";
