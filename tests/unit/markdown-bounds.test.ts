/**
 * Rendering is bounded (ADR 017): hostile Markdown that used to stall the server for seconds
 * (emphasis runs, deep quotations) renders, or is refused, quickly and without an exception, and
 * a render in the worker never blocks this thread.
 */
import { readFileSync } from "node:fs";
import { JSDOM } from "jsdom";
import { Marked } from "marked";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { MAX_BLOCK_NESTING, renderMarkdown as renderInProcess, RenderTimeoutError, sanitizeHtml } from "~/markdown/markdown-render.server";
import { renderBounded, renderMarkdown, TOO_COMPLEX_MESSAGE } from "~/markdown/markdown.server";

const SITE = "https://www.crossroadsit.example";
const parse = (html: string) => new JSDOM(`<!DOCTYPE html><body>${html}</body>`).window.document.body;

/** Well past today's: `_a` x 40,000 took 13 s, `_a` x 99,500 116 s. Generous for a loaded 2-core machine. */
const BOUND_MS = 1_000;

const HOSTILE: [string, string][] = [
  ["_a x 40,000", "_a".repeat(40_000)],
  ["_a x 99,500", "_a".repeat(99_500)],
  ["*a x 40,000", "*a".repeat(40_000)],
  ["a_ x 40,000", "a_".repeat(40_000)],
  ["_a_b x 20,000", "_a_b ".repeat(20_000)],
  ["***a x 20,000", "***a".repeat(20_000)],
  ["*_ x 40,000", "*_".repeat(40_000)],
  ["~a x 40,000", "~a".repeat(40_000)],
  ["[ x 100,000", "[".repeat(100_000)],
  ["` x 100,000", "`".repeat(100_000)],
  ["< x 50,000", "<".repeat(50_000)],
  ["** x 50,000", "**".repeat(50_000)],
  ["nested emphasis 40,000 deep", `${"*".repeat(40_000)}a${"*".repeat(40_000)}`],
  ["nested links 25,000 deep", `${"[".repeat(25_000)}a${"](b)".repeat(25_000)}`],
  ["nested images 25,000 deep", `${"![".repeat(25_000)}a${"](b)".repeat(25_000)}`],
  ["unclosed links x 25,000", "[a](".repeat(25_000)],
  ["a 20,000-column table", `|${"a|".repeat(20_000)}\n|${"-|".repeat(20_000)}\n|${"x|".repeat(20_000)}\n`],
  ["> x 5,000", ">".repeat(5_000)],
  ["> x 50,000 with spaces", "> ".repeat(50_000)],
  ["1. x 30,000 on one line", "1. ".repeat(30_000)],
  ["a list 400 levels deep", Array.from({ length: 400 }, (_, i) => `${" ".repeat(i * 2)}- a`).join("\n")],
];

describe("Markdown rendering is bounded", () => {
  beforeAll(async () => {
    await renderInProcess("warm up", { siteOrigin: SITE }); // jsdom's start-up is not the render's
  });

  it.each(HOSTILE)("%s renders, or stops at its deadline, within a second and without a crash", async (_name, markdown) => {
    const started = performance.now();
    const outcome = await renderInProcess(markdown, { siteOrigin: SITE, timeLimitMs: 700 }).then(
      (html) => ({ html }),
      (error: unknown) => ({ error }),
    );
    const elapsed = performance.now() - started;
    if ("error" in outcome) expect(outcome.error).toBeInstanceOf(RenderTimeoutError);
    expect(elapsed).toBeLessThan(BOUND_MS + 500);
  });

  it("shows quotation markers past the nesting limit as text instead of overflowing the stack", async () => {
    const html = await renderInProcess(">".repeat(5_000), { siteOrigin: SITE });
    const body = parse(html);
    let depth = 0;
    for (let el: Element | null = body.querySelector("blockquote"); el; el = el.querySelector(":scope > blockquote")) depth++;
    expect(depth).toBe(MAX_BLOCK_NESTING);
    expect(body.textContent).toContain(">".repeat(100));
  });

  it("renders normal documents exactly as before (nesting within the limits, long emphasis, long paragraphs)", async () => {
    const normal = [
      "# Title",
      "> quoted\n> > twice\n> > > three times",
      "- one\n  - two\n    - three\n      1. four",
      `A long paragraph ${"with *some* emphasis and __strong__ words, a [link](/x) and `code`. ".repeat(200)}`,
      `**${"bold text ".repeat(300).trim()}**`,
      "| a | b |\n|---|:-:|\n| 1 | 2 |",
    ].join("\n\n");
    const html = await renderInProcess(normal, { siteOrigin: SITE });
    const body = parse(html);
    expect(body.querySelectorAll("blockquote")).toHaveLength(3);
    expect(body.querySelectorAll("ul ul ul ol")).toHaveLength(1);
    expect(body.querySelectorAll("em")).toHaveLength(200);
    expect(body.querySelectorAll("p strong")[200]?.textContent).toBe("bold text ".repeat(300).trim());
    expect(body.querySelectorAll("a")).toHaveLength(200);
    expect(body.querySelector("td.align-center")?.textContent).toBe("2");
  });

  it.each([
    "README.md",
    ...["README", "public-site", "accounts", "leads", "blog-and-documents", "insights", "operations"].map(
      (f) => `docs/requirements/${f}.md`,
    ),
    "docs/deploy.md",
  ])(
    "renders %s as marked does without the bounds",
    async (file) => {
      const markdown = readFileSync(file, "utf8");
      // Only the headings differ: one level down, with ids (the plain <h1> is dropped by the sanitiser).
      const headings = (html: string) => html.replace(/<\/?h\d( id="[^"]*")?>/g, "");
      const plain = await sanitizeHtml(new Marked({ gfm: true }).parse(markdown) as string, { siteOrigin: SITE });
      expect(headings(await renderInProcess(markdown, { siteOrigin: SITE }))).toBe(headings(plain));
    },
    30_000,
  );
});

describe("rendering in the worker", () => {
  beforeAll(async () => {
    expect((await renderBounded("warm up")).ok).toBe(true); // the worker's start-up is not the render's
  }, 60_000);
  afterAll(() => {});

  it("gives the same HTML as the in-process renderer", async () => {
    const markdown = "## Notes\n\n*one* and [two](https://ext.example) ![x](https://tracker.example/p.png)\n\n<script>alert(1)</script>";
    const rendered = await renderBounded(markdown);
    expect(rendered).toMatchObject({ ok: true, html: await renderMarkdown(markdown) });
  });

  it("refuses what it cannot render in time, with a message, and never blocks this thread meanwhile", async () => {
    let last = performance.now();
    let longestGap = 0;
    const beat = setInterval(() => {
      const now = performance.now();
      longestGap = Math.max(longestGap, now - last);
      last = now;
    }, 5);
    const started = performance.now();
    try {
      const rendered = await renderBounded("<b>".repeat(60_000), { timeLimitMs: 300 });
      expect(rendered).toMatchObject({ ok: false, reason: "timeout", message: TOO_COMPLEX_MESSAGE });
      expect(performance.now() - started).toBeLessThan(3_000);
      // The worker that was stopped is replaced: the next text renders.
      const hostile = await renderBounded("_a".repeat(99_500));
      expect(hostile.ok || hostile.reason === "timeout").toBe(true);
    } finally {
      clearInterval(beat);
    }
    // Today the same render blocks this thread for seconds; the margin is for a loaded machine.
    expect(longestGap).toBeLessThan(1_000);
  }, 60_000);
});
