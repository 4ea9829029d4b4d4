/**
 * Input held back from React while a public page hydrates (ADR 013, amendment of 2026-11-29).
 *
 * React hydrates the page in a transition, in slices of a few milliseconds that yield to the
 * browser. But a press, a click or a key that reaches React's listeners while it hydrates makes it
 * finish all the hydration that is left at once, inside that event: a tap a quarter to half a
 * second after the first swipe waited 100-230 ms for it on a phone. So while a public page
 * hydrates, those events stop at the window, before React's listeners on the document: the
 * browser still does what they do natively (a link, a form, a popover button, a disclosure, a
 * focus, text typed), as before the page's scripts ran, and React takes over once it has committed
 * the page (`releaseHeldInput`, from the root layout's effect). A click on a button that only
 * React answers is clicked again then (app/first-paint/early-clicks.ts), text typed is adopted
 * (app/first-paint/typed-before-hydration.ts).
 */

/** Set on window while input is held from React: the head script's click replay reads it. */
export const HOLDING_INPUT = "__holdingInput";

/**
 * The events that make React hydrate synchronously when they reach it during hydration (its
 * "discrete replayable" events). Pointer moves, hovers and scrolls are not among them: React queues
 * and replays those itself.
 */
export const HELD_EVENTS = (
  "pointerdown pointerup pointercancel mousedown mouseup click auxclick dblclick contextmenu touchstart touchend touchcancel " +
  "keydown keypress keyup input change textInput compositionstart compositionend copy cut paste dragstart dragend drop reset"
).split(" ");

type Holder = Window & { [HOLDING_INPUT]?: boolean };

const stop = (event: Event) => event.stopPropagation();
let holding = false;

/** From now until `releaseHeldInput`, the events above do not reach React (nor any listener below the window). */
export function holdInputFromReact(): void {
  if (holding) return;
  holding = true;
  (window as Holder)[HOLDING_INPUT] = true;
  for (const type of HELD_EVENTS) window.addEventListener(type, stop, true);
}

/** React has committed the page: input reaches it again. Does nothing when nothing was held. */
export function releaseHeldInput(): void {
  if (!holding) return;
  holding = false;
  for (const type of HELD_EVENTS) window.removeEventListener(type, stop, true);
  (window as Holder)[HOLDING_INPUT] = false;
}
