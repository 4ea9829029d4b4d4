/** An item's state in the studio's lists and editor (docs/requirements/content-studio.md). */
import { site } from "~/config/site";

export type ItemState = "published" | "draft" | "scheduled";

/** The office's time zone: schedules are typed and shown in it. */
export const STUDIO_TIME_ZONE = site.timeZone;
export const STUDIO_TIME_ZONE_LABEL = "Eastern time";

export function itemState(item: { hasDraft: boolean; scheduledAt: Date | string | null }): ItemState {
  if (item.scheduledAt) return "scheduled";
  return item.hasDraft ? "draft" : "published";
}
