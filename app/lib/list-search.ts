import { controlsAsSpaces } from "./control-characters";

/**
 * The search and page of an admin list in its URL (?q=&page=): control characters made spaces,
 * trimmed, at most 200 characters; a page from 1.
 */
export function parseListSearch(url: URL): { q: string; page: number } {
  const page = Number.parseInt(url.searchParams.get("page") ?? "1", 10);
  return {
    q: controlsAsSpaces(url.searchParams.get("q") ?? "")
      .trim()
      .slice(0, 200),
    page: Number.isFinite(page) && page > 0 ? Math.min(page, 100_000) : 1,
  };
}
