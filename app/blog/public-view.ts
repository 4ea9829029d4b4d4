/** What the public blog pages send to the browser for a post (no server code: shared by the routes and components). */
import { formatDate } from "~/lib/format-date";
import { GRAPHICS_BUCKET } from "~/storage/constants";
import { storagePaths } from "~/storage/names";

export interface PostCardData {
  slug: string;
  title: string;
  summary: string;
  authorName: string;
  tags: string[];
  readingMinutes: number;
  publishAt: string;
  /** The publication date as shown ("January 5, 2026", the office's time zone), written by the server. */
  publishedOn: string;
  updatedAt: string;
  cover: { src: string; thumb: string; alt: string } | null;
}

/** The cover's addresses: the file itself (the article, Open Graph) and its small WebP (the cards). */
export function coverOf(name: string | null, alt: string | null): PostCardData["cover"] {
  return name
    ? { src: storagePaths.public(GRAPHICS_BUCKET, name), thumb: storagePaths.thumbnail(GRAPHICS_BUCKET, name), alt: alt ?? "" }
    : null;
}

/** A post as the store holds it: the card's own fields, with the cover's file name and text in place of its addresses. */
type PostForCard = Omit<PostCardData, "publishedOn" | "cover"> & { coverImage: string | null; coverAlt: string | null };

/** The card's fields only: a post's other fields (its Markdown, its HTML) stay on the server. */
export function toCard(post: PostForCard): PostCardData {
  return {
    slug: post.slug,
    title: post.title,
    summary: post.summary,
    authorName: post.authorName,
    tags: post.tags,
    readingMinutes: post.readingMinutes,
    publishAt: post.publishAt,
    // Formatted here, where the loader runs: a browser would load its time-zone data to do it
    // while the page hydrates (ADR 013).
    publishedOn: formatDate(post.publishAt),
    updatedAt: post.updatedAt,
    cover: coverOf(post.coverImage, post.coverAlt),
  };
}
