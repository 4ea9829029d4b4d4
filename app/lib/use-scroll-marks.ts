import { useEffect, type RefObject } from "react";

import { HEADER_SHADOW_THRESHOLD_PX } from "~/config/ui";

/**
 * The header's scroll thresholds as attributes on its element, read once per animation frame:
 * `data-away` once the page is scrolled from 0 (the top bar slides away), `data-shadow` past
 * HEADER_SHADOW_THRESHOLD_PX (the header casts a shadow). CSS draws both, so a scroll never makes
 * React render: a tap right after a scroll finds the main thread free. Without the attributes (the
 * server's HTML, before hydration) the page is drawn as at the top.
 */
export function useScrollMarks(ref: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    let frame = 0;
    const update = () => {
      frame = 0;
      const y = window.scrollY;
      element.toggleAttribute("data-away", y > 0);
      element.toggleAttribute("data-shadow", y > HEADER_SHADOW_THRESHOLD_PX);
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(update);
    };
    update();
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => {
      window.removeEventListener("scroll", onScroll);
      if (frame) cancelAnimationFrame(frame);
    };
  }, [ref]);
}
