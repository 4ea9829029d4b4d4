/**
 * The studio's rules for one value, as the messages staff read beside a field: plain text (markup
 * is kept as characters, control characters are refused), lengths, e-mail and web addresses,
 * times, dates, and the SEO rules the site's content follows (tests/unit/content.test.ts). Each
 * function answers the first problem, or null. Shared by the schemas (field-schemas.ts) and
 * usable in the browser.
 */
import { site } from "~/config/site";
import { hasControlCharacter, hasControlCharacterInText } from "~/lib/control-characters";
import { formatCount } from "~/lib/list-of";
import { TITLE_SEPARATOR } from "~/lib/seo";
import { SLUG_PATTERN } from "~/lib/slug";

import type { TextFormat } from "./field-types";

/** A line of text: a heading, a name, a question. */
export const LINE_MAX = 200;
/** Paragraphs: an answer, an intro. */
export const PARAGRAPH_MAX = 5000;
/** Long text in Markdown: a legal document's section. */
export const MARKDOWN_MAX = 20_000;
/** What a Markdown field's hint says it can do (docs/requirements/content-studio.md#markdown). */
export const MARKDOWN_HINT =
  "Markdown: a blank line between paragraphs, - at the start of a line for a list item, **bold**, *italic*, [a link](/contact). Scripts and unsafe links are removed.";
/** docs/requirements/public-site.md#seo: a title with the brand added fits a search result. */
export const SEO_TITLE_MAX = 60;
export const SEO_DESCRIPTION_MIN = 50;
export const SEO_DESCRIPTION_MAX = 160;
export const ID_MAX = 60;
export const EMAIL_MAX = 254;
export const URL_MAX = 500;

/** "Headline" → "headline", "SEO title" stays: how a label reads inside a sentence. */
export function inSentence(label: string): string {
  return /^[A-Z][a-z]/.test(label) ? label[0].toLowerCase() + label.slice(1) : label;
}

const tooLong = (what: string, max: number, length: number) =>
  `Keep the ${what} to ${formatCount(max)} characters or fewer: it has ${formatCount(length)}.`;

const tooShort = (what: string, min: number, length: number) =>
  `Write at least ${formatCount(min)} characters for the ${what}: it has ${formatCount(length)}.`;

/** One line of plain text: no control character, not empty, `min` (0) to `max` characters. */
export function lineProblem(value: string, label: string, max: number, min = 0): string | null {
  const what = inSentence(label);
  if (hasControlCharacter(value)) return `The ${what} cannot contain line breaks, tabs or other control characters.`;
  if (value.trim() === "") return `Enter the ${what}.`;
  if (value.length > max) return tooLong(what, max, value.length);
  if (value.length < min) return tooShort(what, min, value.length);
  return null;
}

/** Paragraphs of plain text: line breaks and tabs allowed, no other control character; `min` (0) to `max` characters. */
export function paragraphProblem(value: string, label: string, max: number, min = 0): string | null {
  const what = inSentence(label);
  if (hasControlCharacterInText(value)) return `The ${what} cannot contain control characters (line breaks and tabs are fine).`;
  if (value.trim() === "") return `Enter the ${what}.`;
  if (value.length > max) return tooLong(what, max, value.length);
  if (value.length < min) return tooShort(what, min, value.length);
  return null;
}

/** One item of a `lines` field (a line or a paragraph of the list). */
export function listItemProblem(value: string, unit: string, max: number): string | null {
  if (hasControlCharacter(value)) return `A ${unit} cannot contain tabs or other control characters.`;
  if (value.length > max) return `Keep each ${unit} to ${formatCount(max)} characters or fewer: this one has ${formatCount(value.length)}.`;
  return null;
}

/** The rule of a text's format, checked once the text itself is fine. */
export function formatProblem(format: TextFormat, value: string): string | null {
  switch (format) {
    case "seoTitle": {
      // The title always gets the brand (withBrand leaves it off a title too long for it).
      const suffix = value.toLowerCase().includes(site.brand.toLowerCase()) ? "" : `${TITLE_SEPARATOR}${site.brand}`;
      if (value.length + suffix.length <= SEO_TITLE_MAX) return null;
      return suffix
        ? `Keep the title to ${SEO_TITLE_MAX - suffix.length} characters or fewer, so that it fits in ${SEO_TITLE_MAX} with “${suffix}” added: it has ${value.length}.`
        : `Keep the title to ${SEO_TITLE_MAX} characters or fewer: it has ${value.length}.`;
    }
    case "seoDescription":
      return value.length < SEO_DESCRIPTION_MIN || value.length > SEO_DESCRIPTION_MAX
        ? `Write a description of ${SEO_DESCRIPTION_MIN} to ${SEO_DESCRIPTION_MAX} characters (search results show about 155): it has ${value.length}.`
        : null;
    case "id":
      return value.length <= ID_MAX && SLUG_PATTERN.test(value)
        ? null
        : `Use lowercase letters, digits and single hyphens, at most ${ID_MAX} characters, like getting-started.`;
    case "postalCode":
      return /^\d{5}(?:-\d{4})?$/.test(value) ? null : "Enter a ZIP code of 5 digits, like 46204.";
  }
}

export const EMAIL_MESSAGE = "Enter an e-mail address, like name@example.com.";
const EMAIL_PATTERN =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)+$/;

export function emailProblem(value: string): string | null {
  return value.length <= EMAIL_MAX && EMAIL_PATTERN.test(value) ? null : EMAIL_MESSAGE;
}

export const URL_MESSAGE = "Enter a full web address that starts with https://, like https://www.example.com.";

export function urlProblem(value: string): string | null {
  if (value.length > URL_MAX) return `Keep the address to ${URL_MAX} characters or fewer: it has ${formatCount(value.length)}.`;
  if (!value.startsWith("https://") || /\s/.test(value) || hasControlCharacter(value)) return URL_MESSAGE;
  try {
    const url = new URL(value);
    if (url.protocol !== "https:" || !url.hostname.includes(".") || url.username || url.password) return URL_MESSAGE;
  } catch {
    return URL_MESSAGE;
  }
  return null;
}

export function timeProblem(value: string, label: string): string | null {
  return /^(?:[01]\d|2[0-3]):[0-5]\d$/.test(value) ? null : `Enter the ${inSentence(label)} as hours and minutes, like 08:00 or 18:00.`;
}

export function dateProblem(value: string, label: string): string | null {
  const message = `Enter the ${inSentence(label)} as a date, like 2026-11-01.`;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return message;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value) ? null : message;
}
