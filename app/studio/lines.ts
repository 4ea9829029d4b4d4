/**
 * A `lines` field's text and its items: one item per line, or (paragraphs) one per block between
 * blank lines, whose own line breaks become spaces. Empty items are dropped.
 */
export function splitItems(text: string, paragraphs = false): string[] {
  const normalised = text.replace(/\r\n?/g, "\n");
  const parts = paragraphs ? normalised.split(/\n\s*\n/) : normalised.split("\n");
  return parts.map((part) => (paragraphs ? part.replace(/\s*\n\s*/g, " ") : part).trim()).filter((part) => part !== "");
}

/** The text a textarea shows for `items`. */
export function joinItems(items: readonly string[], paragraphs = false): string {
  return items.join(paragraphs ? "\n\n" : "\n");
}
