/**
 * A strict, minimal reader of the YAML front matter static-site generators write
 * (docs/requirements/blog-and-documents.md#blog): `key: value` lines, quoted or plain scalars, and lists written
 * `[a, b]` or as `- item` lines under the key. Anything else (nested maps, multi-line strings,
 * anchors) is refused with the line number, never guessed.
 */
export type FrontMatter = Record<string, string | string[]>;
export type ParsedMarkdownFile = { ok: true; data: FrontMatter; body: string } | { ok: false; error: string };

function scalar(raw: string, line: number): string {
  const value = raw.trim();
  if (value.startsWith('"')) {
    if (!value.endsWith('"') || value.length < 2) throw new Error(`line ${line}: a quoted value is not closed`);
    return JSON.parse(value) as string;
  }
  if (value.startsWith("'")) {
    if (!value.endsWith("'") || value.length < 2) throw new Error(`line ${line}: a quoted value is not closed`);
    return value.slice(1, -1).replace(/''/g, "'");
  }
  if (/^[|>&*!]/.test(value)) throw new Error(`line ${line}: multi-line values, anchors and tags are not supported`);
  return value.replace(/\s+#.*$/, "");
}

export function parseMarkdownFile(text: string): ParsedMarkdownFile {
  const source = text.replace(/^\ufeff/, "").replace(/\r\n?/g, "\n");
  if (!source.startsWith("---\n")) return { ok: false, error: "no front matter (the file must start with a line ---)" };
  const end = source.indexOf("\n---", 3);
  if (end === -1) return { ok: false, error: "the front matter is not closed by a line ---" };
  const afterEnd = source.indexOf("\n", end + 4);
  const body = afterEnd === -1 ? "" : source.slice(afterEnd + 1);
  const lines = source.slice(4, end + 1).split("\n");
  const data: FrontMatter = {};
  let listKey: string | null = null;
  try {
    lines.forEach((line, index) => {
      const n = index + 2;
      if (!line.trim() || line.trim().startsWith("#")) return;
      const item = /^\s+-\s+(.*)$/.exec(line) ?? /^-\s+(.*)$/.exec(line);
      if (item) {
        if (!listKey) throw new Error(`line ${n}: a list item without its key`);
        (data[listKey] as string[]).push(scalar(item[1], n));
        return;
      }
      const pair = /^([A-Za-z_][A-Za-z0-9_-]*):(?:\s+(.*))?$/.exec(line);
      if (!pair) throw new Error(`line ${n}: expected "key: value"`);
      const [, key, rawValue = ""] = pair;
      const lower = key.toLowerCase();
      if (Object.hasOwn(data, lower)) throw new Error(`line ${n}: "${key}" is given twice`);
      listKey = null;
      if (rawValue.trim() === "") {
        data[lower] = [];
        listKey = lower;
      } else if (rawValue.trim().startsWith("[")) {
        const inner = rawValue.trim();
        if (!inner.endsWith("]")) throw new Error(`line ${n}: a [list] is not closed`);
        data[lower] = inner
          .slice(1, -1)
          .split(",")
          .map((v) => scalar(v, n))
          .filter(Boolean);
      } else data[lower] = scalar(rawValue, n);
    });
  } catch (error) {
    return { ok: false, error: `front matter ${(error as Error).message}` };
  }
  return { ok: true, data, body };
}
