/** The document form's rules: what the server accepts, and the slug the editor suggests. */
import { describe, expect, it } from "vitest";

import { viewerPath } from "~/docs/document-rules";
import { parseDocumentForm } from "~/docs/document-schema";
import { slugify } from "~/lib/slug";

/** The editor's text fields as parseForm reads them from the posted form. */
function form(fields: Record<string, string>): Record<string, string> {
  return { title: "VPN setup", slug: "vpn-setup", collection: "mloe", body: "Hello", ...fields };
}

describe("parseDocumentForm", () => {
  it("accepts a good document and trims the title and slug", () => {
    const result = parseDocumentForm(form({ title: "  VPN setup  ", slug: " VPN-Setup " }));
    expect(result.ok).toBe(true);
    if (result.ok) expect(result.data).toEqual({ title: "VPN setup", slug: "vpn-setup", collection: "mloe", body: "Hello" });
  });

  it.each([
    ["../etc/passwd", "path traversal"],
    ["a/b", "a slash"],
    ["-start", "a leading hyphen"],
    ["end-", "a trailing hyphen"],
    ["two--hyphens", "a double hyphen"],
    ["tab\tin", "a tab"],
    ["nul\u0000in", "a NUL"],
    ["ünïcode", "non-ASCII letters"],
    ["a".repeat(81), "81 characters"],
    ["with space", "a space"],
  ])("refuses the slug %j (%s) beside the slug field", (slug) => {
    const result = parseDocumentForm(form({ slug }));
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.errors.slug).toBeTruthy();
      expect(result.values.slug).toBe(slug); // what was typed comes back
    }
  });

  it("refuses control characters and over-long titles, and an unknown collection", () => {
    for (const title of ["Line\nbreak", "Bell\u0007", "Esc\u001b[31m", "C1\u0085", "x".repeat(201), "   "]) {
      const result = parseDocumentForm(form({ title }));
      expect(result.ok, JSON.stringify(title)).toBe(false);
      if (!result.ok) expect(result.errors.title).toBeTruthy();
    }
    const bad = parseDocumentForm(form({ collection: "secret" }));
    expect(!bad.ok && bad.errors.collection).toBe("Choose a collection.");
  });

  it("makes line endings \\n and strips control characters from the body, keeping tabs", () => {
    const result = parseDocumentForm(form({ body: "a\r\nb\rc\u0000d\u0007e\tf\u009bg" }));
    expect(result.ok && result.data.body).toBe("a\nb\ncd" + "e\tfg");
  });

  it("refuses a body over 200,000 characters", () => {
    const result = parseDocumentForm(form({ body: "x".repeat(200_001) }));
    expect(!result.ok && result.errors.body).toMatch(/at most 200,000 characters/);
  });

  it("takes an empty slug from the title", () => {
    const result = parseDocumentForm(form({ title: "Wi-Fi & VPN: Setup (2025)", slug: "" }));
    expect(result.ok && result.data.slug).toBe("wi-fi-vpn-setup-2025");
  });
});

describe("slugify and viewerPath", () => {
  it("suggests slugs made only of a-z, 0-9 and single hyphens", () => {
    expect(slugify("Crème brûlée — Recipe #2")).toBe("creme-brulee-recipe-2");
    expect(slugify("../../etc/passwd")).toBe("etc-passwd");
    expect(slugify("!!!")).toBe("");
    expect(slugify("a".repeat(100)).length).toBe(80);
  });

  it("gives a reading address only to MLOE and STE documents", () => {
    expect(viewerPath("mloe", "x")).toBe("/mloe/x");
    expect(viewerPath("ste", "x")).toBe("/ste/x");
    expect(viewerPath("docs", "x")).toBeNull();
  });
});
