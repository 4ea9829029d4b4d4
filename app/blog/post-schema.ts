/**
 * A blog post's fields as the server accepts them (docs/requirements/blog-and-documents.md#blog): one zod schema for
 * the admin form and the importer (scripts/blog-import.ts). Errors are worded for the person at
 * the editor.
 */
import { z } from "zod";

import type { FieldErrors, FormFields } from "~/lib/action-result";
import { hasControlCharacter, normaliseMultilineText } from "~/lib/control-characters";
import { formatCount } from "~/lib/list-of";
import { SLUG_MAX, SLUG_PATTERN, slugify } from "~/lib/slug";
import { nameProblem } from "~/storage/names";

import {
  AUTHOR_MAX,
  COVER_ALT_MAX,
  POST_BODY_MAX,
  POST_TITLE_MAX,
  RESERVED_SLUGS,
  SUMMARY_MAX,
  SUMMARY_MIN,
  TAG_MAX,
  TAGS_MAX,
} from "./blog-rules";

const line = (label: string, max: number, required = true) =>
  z
    .string()
    .trim()
    .max(max, `Keep the ${label} to ${max} characters or fewer.`)
    .refine((s) => !required || s.length > 0, `Enter the ${label}.`)
    .refine((s) => !hasControlCharacter(s), `The ${label} cannot contain line breaks, tabs or other control characters.`);

/** Comma-separated free text → distinct tags, in the order typed. */
export function splitTags(text: string): string[] {
  const seen = new Set<string>();
  const tags: string[] = [];
  for (const raw of text.split(",")) {
    const tag = raw.replace(/\s+/g, " ").trim();
    if (tag && !seen.has(tag.toLowerCase())) {
      seen.add(tag.toLowerCase());
      tags.push(tag);
    }
  }
  return tags;
}

export const postSchema = z
  .object({
    title: line("title", POST_TITLE_MAX),
    slug: z
      .string()
      .trim()
      .min(1, "Enter a slug: the last part of the post's address.")
      .max(SLUG_MAX, `Keep the slug to ${SLUG_MAX} characters or fewer.`)
      .regex(SLUG_PATTERN, "Use lowercase letters, digits and single hyphens, for example backup-checklist.")
      .refine((s) => !RESERVED_SLUGS.includes(s), "That slug is reserved by the blog itself: choose another."),
    summary: line("summary", SUMMARY_MAX).refine(
      (s) => s.length === 0 || s.length >= SUMMARY_MIN,
      `Write at least ${SUMMARY_MIN} characters: the summary is the description search engines show.`,
    ),
    body: z
      .string()
      .transform(normaliseMultilineText)
      .pipe(
        z
          .string()
          .max(POST_BODY_MAX, `The post is too long: at most ${formatCount(POST_BODY_MAX)} characters.`)
          .refine((b) => b.trim().length > 0, "Write the post's text."),
      ),
    coverImage: z
      .string()
      .trim()
      .max(255)
      .refine((s) => s === "" || nameProblem(s) === null, "Choose a cover image from the graphics library.")
      .transform((s) => s || null),
    coverAlt: line("cover description", COVER_ALT_MAX, false).transform((s) => s || null),
    authorName: line("author name", AUTHOR_MAX),
    tags: z
      .string()
      .max(TAGS_MAX * (TAG_MAX + 2), "Too many tags.")
      .transform(splitTags)
      .pipe(
        z
          .array(z.string())
          .max(TAGS_MAX, `At most ${TAGS_MAX} tags.`)
          .refine((tags) => tags.every((t) => t.length <= TAG_MAX), `Keep each tag to ${TAG_MAX} characters or fewer.`)
          .refine((tags) => tags.every((t) => !hasControlCharacter(t)), "Tags cannot contain control characters."),
      ),
  })
  .superRefine((post, ctx) => {
    if (post.coverImage && !post.coverAlt)
      ctx.addIssue({ code: "custom", path: ["coverAlt"], message: "Describe the cover image for people who cannot see it." });
  })
  .transform((post) => ({ ...post, coverAlt: post.coverImage ? post.coverAlt : null }));

export type PostInput = z.output<typeof postSchema>;
export const POST_FIELDS = ["title", "slug", "summary", "body", "coverImage", "coverAlt", "authorName", "tags"] as const;
export type PostField = (typeof POST_FIELDS)[number];
/** What the person typed, echoed back on an error so nothing is lost. */
export type PostValues = Record<PostField, string>;
export type PostFieldErrors = FieldErrors<PostField | "publishAt">;

export type ParsedPost = { ok: true; data: PostInput; values: PostValues } | { ok: false; errors: PostFieldErrors; values: PostValues };

/** Checks a post's fields. An empty slug is made from the title. */
export function parsePost(values: PostValues): ParsedPost {
  const slug = values.slug.trim() === "" && !hasControlCharacter(values.title) ? slugify(values.title) : values.slug.trim().toLowerCase();
  const result = postSchema.safeParse({ ...values, slug });
  if (result.success) return { ok: true, data: result.data, values: { ...values, slug: result.data.slug } };
  const errors: PostFieldErrors = {};
  for (const issue of result.error.issues) errors[issue.path[0] as PostField] ??= issue.message;
  return { ok: false, errors, values };
}

/** The post form's fields, as typed. */
export function postValues(fields: FormFields): PostValues {
  const text = (name: string) => {
    const value = fields[name];
    return typeof value === "string" ? value : "";
  };
  return Object.fromEntries(POST_FIELDS.map((f) => [f, text(f)])) as PostValues;
}
