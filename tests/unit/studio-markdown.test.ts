/**
 * Markdown for long text in the content studio (docs/requirements/content-studio.md#markdown): the
 * legal documents' sections are Markdown; what was plain text (the seed, stored content and export
 * files from before) reads as Markdown of the same words, and the rendered page says them.
 */
import { JSDOM } from "jsdom";
import { describe, expect, it } from "vitest";

import { seedContent } from "~/content/seed";
import { plainToMarkdown } from "~/lib/plain-markdown";
import { renderMarkdown } from "~/markdown/markdown.server";
import { compareItem } from "~/studio/compare";
import { formValues } from "~/studio/form-values";
import { checkItem, parseItemForm } from "~/studio/item-form";

import { postedForm } from "./studio-helpers";

const SITE = "https://www.crossroadsit.example";
const text = (html: string) => new JSDOM(`<!DOCTYPE html><body>${html}</body>`).window.document.body;
const words = (s: string) => s.replace(/\s+/g, " ").trim();

describe("plain text as Markdown", () => {
  // Each would read as formatting, a link, markup, an entity or a list if it were not escaped.
  const TRICKY = [
    "Use **bold** and *stars* and _underscores_ as typed.",
    "A [link](https://evil.example) and ![an image](/x.png) stay words.",
    "<b>markup</b> and <script>alert(1)</script> are characters.",
    "# not a heading",
    "1. not a list",
    "- not a list either",
    "+ nor this",
    "AT&T, &copy; and &amp; as typed.",
    "A back\\slash, `code`, ~strike~ and a | pipe |.",
  ];

  it("renders paragraphs with the same words, and a list after them", async () => {
    const body = text(await renderMarkdown(plainToMarkdown(TRICKY, ["first *item*", "second <i>item</i>"]), { siteOrigin: SITE }));
    expect([...body.querySelectorAll(":scope > p")].map((p) => p.textContent)).toEqual(TRICKY);
    expect([...body.querySelectorAll("ul > li")].map((li) => li.textContent)).toEqual(["first *item*", "second <i>item</i>"]);
    expect(body.querySelector("strong, em, img, script, b, i, h1, h2, ol, code, del")?.outerHTML).toBeUndefined();
    // A web address typed out stays its words; it becomes a link to itself (as in the blog's posts).
    expect([...body.querySelectorAll("a")].map((a) => [a.textContent, a.getAttribute("href")])).toEqual([
      ["https://evil.example", "https://evil.example"],
    ]);
  });

  it("the seed's legal sections say on the page what they said as plain text", async () => {
    const seed = seedContent();
    for (const doc of [seed.terms, seed.privacy]) {
      for (const section of doc.sections) {
        const html = await renderMarkdown(section.body, { siteOrigin: SITE });
        const shown = words(text(html).textContent ?? "");
        // The words of the Markdown without its escapes and list markers.
        const typed = words(section.body.replace(/^- /gm, "").replace(/\\(.)/g, "$1"));
        expect(shown, `${doc.heading} › ${section.heading}`).toBe(typed);
        expect(html).not.toContain("\\");
      }
    }
  });
});

describe("a legal document stored before its sections were Markdown", () => {
  const seed = seedContent();
  const old = {
    ...seed.terms,
    sections: [
      { id: "scope", heading: "Scope", paragraphs: ["First *one*.", "Second."], list: ["a", "b"] },
      { id: "law", heading: "Governing law", paragraphs: ["Indiana."] },
    ],
  };

  it("is read as Markdown of the same words: valid, in the form, and unchanged against the same words as Markdown", () => {
    const checked = checkItem("legal", old);
    expect(checked.ok).toBe(true);
    const sections = checked.ok ? checked.data.sections : [];
    expect(sections).toEqual([
      { id: "scope", heading: "Scope", body: "First \\*one\\*.\n\nSecond.\n\n- a\n- b" },
      { id: "law", heading: "Governing law", body: "Indiana." },
    ]);
    expect((formValues("legal", old as never).sections as { body: string }[]).map((s) => s.body)).toEqual(sections.map((s) => s.body));
    // A version from before compared with the same words now: nothing changed.
    expect(compareItem("legal", old as never, { ...seed.terms, sections } as never)).toEqual([]);
  });

  it("a section's text is a Markdown field: required, kept as typed with markup", () => {
    const values = formValues("legal", seed.terms as never);
    const sections = values.sections as { body: string }[];
    sections[0]!.body = "Now with **bold** and <script>alert(1)</script>";
    const saved = parseItemForm("legal", postedForm("legal", values));
    expect(saved.ok && saved.data.sections[0]!.body).toBe("Now with **bold** and <script>alert(1)</script>");
    sections[0]!.body = "   ";
    const empty = parseItemForm("legal", postedForm("legal", values));
    expect(!empty.ok && empty.fieldErrors["sections.0.body"]).toBe("Enter the text.");
  });
});
