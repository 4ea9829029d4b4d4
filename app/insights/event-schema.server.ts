/**
 * What POST /api/events accepts (docs/requirements/insights.md#insights): one JSON object, the viewport
 * width and at most MAX_EVENTS events, each of a known kind with only its own fields. Strict:
 * an unknown kind or field, a string with a control character (NUL included) or too long, refuses
 * the whole request. The browser's sender is app/insights/insights-beacon.ts.
 */
import { z } from "zod";

import { WEB_VITAL_METRICS, WEB_VITAL_RATINGS } from "~/db/schema.server";
import { hasControlCharacter } from "~/lib/control-characters";

export const MAX_EVENTS = 50;
/**
 * Each field's limit: what a real page sends, with room (a path of the site is under 100
 * characters, a campaign's names under 50), and small enough that one event costs little to keep.
 */
export const MAX_PATH_LENGTH = 256;
export const MAX_UTM_LENGTH = 100;
export const MAX_REFERRER_LENGTH = 1024;

/** The `data-click-location` values of docs/requirements/public-site.md#analytics, and "main" for none. */
export const CLICK_LOCATIONS = [
  "top_bar",
  "header",
  "side_menu",
  "footer",
  "hero",
  "cta",
  "office",
  "contact_page",
  "contact_form",
  "main",
] as const;

const line = (max: number) =>
  z
    .string()
    .max(max)
    .refine((text) => !hasControlCharacter(text), "must not contain control characters");

/** A page path as the browser's location has it: from "/", without query or fragment. */
const path = line(MAX_PATH_LENGTH).regex(/^\/[^?#]*$/, "must be a path");

const page = {
  path,
  /** document.referrer; the server keeps only its host, and nothing for this site. */
  referrer: line(MAX_REFERRER_LENGTH).optional(),
  utm_source: line(MAX_UTM_LENGTH).optional(),
  utm_medium: line(MAX_UTM_LENGTH).optional(),
  utm_campaign: line(MAX_UTM_LENGTH).optional(),
  utm_term: line(MAX_UTM_LENGTH).optional(),
  utm_content: line(MAX_UTM_LENGTH).optional(),
};

export const insightEventSchema = z.discriminatedUnion("kind", [
  z.strictObject({ kind: z.literal("page_view"), ...page }),
  z.strictObject({ kind: z.literal("form_submit"), ...page }),
  z.strictObject({ kind: z.literal("phone_call"), ...page, click_location: z.enum(CLICK_LOCATIONS) }),
  z.strictObject({ kind: z.literal("email_click"), ...page, click_location: z.enum(CLICK_LOCATIONS) }),
  z.strictObject({
    kind: z.literal("web_vital"),
    ...page,
    metric: z.enum(WEB_VITAL_METRICS),
    value: z.number().min(0).max(1e9),
    rating: z.enum(WEB_VITAL_RATINGS),
  }),
]);

export const insightBatchSchema = z.strictObject({
  /** The viewport's width in CSS pixels, for the device class. */
  width: z.number().int().min(0).max(100_000),
  events: z.array(insightEventSchema).min(1).max(MAX_EVENTS),
});

export type InsightEventInput = z.infer<typeof insightEventSchema>;
export type InsightBatch = z.infer<typeof insightBatchSchema>;
