/**
 * The header's scroll thresholds as attributes on `<html>`: `data-away` once the page is scrolled
 * from 0 (the top bar slides away), `data-shadow` past HEADER_SHADOW_THRESHOLD_PX (the header casts
 * a shadow), docs/requirements/public-site.md#layout. The public site's chrome draws both with CSS
 * (`in-data-away:`, `in-data-shadow:`), so a scroll never makes React render.
 *
 * Self-contained (it names nothing outside itself): the head script of every page carries its
 * text and runs it before the first paint (app/first-paint/first-paint.server.ts), so the marks follow the
 * scroll position from the start, before the page hydrates or if it never does: a page opened
 * already scrolled (a link to `#section`, a position restored on going back) shows its header as
 * scrolled. Read once per animation frame. They sit on the one element that no render replaces.
 */
export function watchScrollMarks(shadowAt: number): void {
  let frame = 0;
  const update = () => {
    frame = 0;
    const y = window.scrollY;
    document.documentElement.toggleAttribute("data-away", y > 0);
    document.documentElement.toggleAttribute("data-shadow", y > shadowAt);
  };
  const onScroll = () => {
    if (!frame) frame = requestAnimationFrame(update);
  };
  addEventListener("scroll", onScroll, { passive: true });
  addEventListener("pageshow", onScroll);
}
