import { HOLDING_INPUT } from "./held-input";

/**
 * Clicks that React did not see are kept (docs/requirements/public-site.md#performance-and-accessibility).
 * Until React has attached its listeners, and while it hydrates a public page (app/first-paint/held-input.ts
 * holds input back from it then), a `<button type="button">` (Logout, a close button) does
 * nothing, and the tap would be lost: the visitor would have to tap again. The head script notes
 * such a click, made while React does not listen yet (it marks the document with a
 * `_reactListening…` property when hydration starts) or while input is held from it, and clicks
 * the same button again once React has hydrated that button (its `__reactProps…` property) and
 * input reaches it. Links and submit buttons are left alone: they work without JavaScript; so are
 * buttons with a `popovertarget` in a browser with popovers (the phone menu's): the browser has
 * already done what they do, and a second click would undo it.
 */
const has = (target: string, prefix: string) => `Object.keys(${target}).some(function(k){return k.indexOf("${prefix}")==0})`;

/** The script statement: a click listener on window, in the capture phase, ahead of React's own. */
export const REPLAY_EARLY_CLICKS =
  `addEventListener("click",function(e){if(${has("document", "_reactListening")}&&!window.${HOLDING_INPUT})return;` +
  `var b=e.target.closest&&e.target.closest('button[type="button"]');if(!b||("popover" in b&&b.hasAttribute("popovertarget")))return;` +
  `(function r(){if(!b.isConnected)return;if(!window.${HOLDING_INPUT}&&${has("b", "__reactProps")})b.click();else setTimeout(r,50)})()},true);`;
