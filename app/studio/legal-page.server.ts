/**
 * A legal document as its page shows it: each section's Markdown rendered and sanitised by the
 * site's renderer (ADR 017), in the loader, so the page's data carries HTML and no Markdown
 * library reaches the browser (docs/requirements/content-studio.md#markdown).
 */
import type { LegalDocument, LegalPage, RenderedLegalSection } from "~/content/types";
import { plainTextHtml, renderBounded } from "~/markdown/markdown.server";

/** The last renderings by text: every publication renders every page again, and most sections have not changed. */
const rendered = new Map<string, string>();
const KEPT_RENDERINGS = 200;

async function sectionHtml(body: string): Promise<string> {
  const kept = rendered.get(body);
  if (kept !== undefined) return kept;
  const result = await renderBounded(body);
  // A text the renderer refuses (too complex; checked when it is saved) or cannot take now (busy)
  // is shown as its words, never as nothing.
  if (!result.ok) return plainTextHtml(body);
  if (rendered.size >= KEPT_RENDERINGS) rendered.delete(rendered.keys().next().value!);
  rendered.set(body, result.html);
  return result.html;
}

export async function legalPage(doc: LegalDocument): Promise<LegalPage> {
  const sections: RenderedLegalSection[] = [];
  // One at a time: the renderer's queue is short (RENDER_QUEUE_MAX) and a document has up to 40 sections.
  for (const { body, ...section } of doc.sections) sections.push({ ...section, html: await sectionHtml(body) });
  return { ...doc, sections };
}
