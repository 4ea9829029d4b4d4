import sprite from "~/assets/icons.svg?url";

import type { AnyIconName } from "./icon-names";

/**
 * A decorative icon (the text beside it carries the meaning), drawn from one cached SVG sprite
 * (app/assets/icons.svg, made from lucide's icons by scripts/make-icon-sprite.ts), so icons cost
 * no JavaScript.
 */
export function Icon({ name, className }: { name: AnyIconName; className?: string }) {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      className={className}
    >
      <use href={`${sprite}#${name}`} />
    </svg>
  );
}
