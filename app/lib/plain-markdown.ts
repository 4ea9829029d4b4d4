/**
 * Plain text written as Markdown that shows the same words: paragraphs, then a bulleted list, with
 * every character Markdown would read as formatting escaped. How the legal documents' sections,
 * once paragraphs and a list, became Markdown (their seed, and stored content from before:
 * docs/requirements/content-studio.md#markdown).
 */
export function plainToMarkdown(paragraphs: readonly string[], list: readonly string[] = []): string {
  const blocks = paragraphs.map((p) => escapeMarkdown(p.trim())).filter(Boolean);
  const items = list.map((item) => `- ${escapeMarkdown(item.trim())}`);
  if (items.length) blocks.push(items.join("\n"));
  return blocks.join("\n\n");
}

/** Backslash before what Markdown reads as formatting (CommonMark escapes any ASCII punctuation this way). */
export function escapeMarkdown(text: string): string {
  return text
    .replace(/[\\`*_{}[\]<>#|~!&]/g, "\\$&")
    .replace(/^(\s*)([-+=])/gm, "$1\\$2")
    .replace(/^(\s*\d+)([.)])/gm, "$1\\$2");
}
