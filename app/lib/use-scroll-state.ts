import { useEffect, useState } from "react";

import { HEADER_SHADOW_THRESHOLD_PX } from "~/config/ui";

export interface ScrollState {
  /** Scroll position is exactly 0: the top bar shows. */
  atTop: boolean;
  /** Scrolled more than 50 px: the header casts a shadow. */
  scrolled: boolean;
}

function read(): ScrollState {
  const y = window.scrollY;
  return { atTop: y <= 0, scrolled: y > HEADER_SHADOW_THRESHOLD_PX };
}

/** Scroll thresholds for the header, read once per animation frame, re-rendering only on change. */
export function useScrollState(): ScrollState {
  const [state, setState] = useState<ScrollState>({ atTop: true, scrolled: false });
  useEffect(() => {
    let frame = 0;
    const update = () => {
      frame = 0;
      const next = read();
      setState((prev) => (prev.atTop === next.atTop && prev.scrolled === next.scrolled ? prev : next));
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
  }, []);
  return state;
}
