/** Interface constants: layout timings (docs/requirements/public-site.md#layout). */
export const HEADER_SHADOW_THRESHOLD_PX = 50;
export const DROPDOWN_CLOSE_DELAY_MS = 150;
/** A route load shorter than this shows no skeleton, so fast navigations do not flicker. */
export const SKELETON_DELAY_MS = 120;
