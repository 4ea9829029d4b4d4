/**
 * Clicks before hydration are kept (docs/requirements.md#performance-and-accessibility). Until
 * React has attached its listeners, a `<button type="button">` (the phone menu's, Logout, a close
 * button) does nothing, and the tap that opened the hydration gate (app/lib/first-paint.server.ts)
 * would be lost: the visitor would have to tap again. The head script notes such a click, made
 * while React does not listen yet (it marks the document with a `_reactListening…` property when
 * hydration starts), and clicks the same button again once React has hydrated that button (its
 * `__reactProps…` property). Links and submit buttons are left alone: they work without JavaScript;
 * so are buttons with a `popovertarget` in a browser with popovers (the phone menu's): the browser
 * has already done what they do, and a second click would undo it.
 */
const has = (target: string, prefix: string) => `Object.keys(${target}).some(function(k){return k.indexOf("${prefix}")==0})`;

/** The script statement: a click listener on window, in the capture phase, ahead of React's own. */
export const REPLAY_EARLY_CLICKS =
  `addEventListener("click",function(e){if(${has("document", "_reactListening")})return;` +
  `var b=e.target.closest&&e.target.closest('button[type="button"]');if(!b||("popover" in b&&b.hasAttribute("popovertarget")))return;` +
  `(function r(){if(!b.isConnected)return;if(${has("b", "__reactProps")})b.click();else setTimeout(r,50)})()},true);`;
