import { startTransition, useEffect, useRef, useState } from "react";

import { Button } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";

const REDUCED_MOTION = "(prefers-reduced-motion: reduce)";

/**
 * False on the server and until the page is hydrated; then whether the visitor accepts motion,
 * kept up to date. Read in an effect and set in a transition, so that hydration is not followed by
 * a synchronous re-render (see app/lib/use-hydrated.ts).
 */
function useMotionAllowed(): boolean {
  const [allowed, setAllowed] = useState(false);
  useEffect(() => {
    const query = window.matchMedia(REDUCED_MOTION);
    const update = () => startTransition(() => setAllowed(!query.matches));
    update();
    query.addEventListener("change", update);
    return () => query.removeEventListener("change", update);
  }, []);
  return allowed;
}

/**
 * The silent looping background clip of the home hero (docs/requirements/public-site.md#content): it plays only when the
 * visitor has not asked for reduced motion, and a visible button pauses it (WCAG 2.2.2).
 * Without script, or with reduced motion, the poster shows.
 */
export function HeroVideo() {
  const ref = useRef<HTMLVideoElement>(null);
  const [playing, setPlaying] = useState(false);
  const canPlay = useMotionAllowed();

  useEffect(() => {
    const video = ref.current;
    if (!video) return;
    if (!canPlay) {
      video.pause();
      return;
    }
    video.play().then(
      () => setPlaying(true),
      () => setPlaying(false),
    );
  }, [canPlay]);

  const toggle = () => {
    const video = ref.current;
    if (!video) return;
    if (video.paused) {
      void video.play().then(() => setPlaying(true));
    } else {
      video.pause();
      setPlaying(false);
    }
  };

  return (
    <>
      <video
        ref={ref}
        className="absolute inset-0 size-full object-cover"
        muted
        loop
        playsInline
        preload="none"
        poster="/media/hero-poster.webp"
        aria-hidden="true"
        tabIndex={-1}
      >
        <source src="/media/hero.webm" type="video/webm" />
        <source src="/media/hero.mp4" type="video/mp4" />
      </video>
      {canPlay && (
        <Button
          type="button"
          variant="overlay"
          size="tap"
          onClick={toggle}
          aria-pressed={!playing}
          className="absolute right-4 bottom-4 z-10"
        >
          {playing ? <Icon name="pause" className="size-4" /> : <Icon name="play" className="size-4" />}
          {playing ? "Pause background video" : "Play background video"}
        </Button>
      )}
    </>
  );
}
