/** Graphics storage rules that need no database: names, type detection from content, SVG sanitising, signed tokens. */
import sharp from "sharp";
import { describe, expect, it } from "vitest";

import { formatBytes } from "~/storage/constants";
import { detectContentType } from "~/storage/file-type.server";
import { encodeName, nameProblem, toObjectName, withTypeExtension } from "~/storage/names";
import { signingKey, signToken, verifyToken } from "~/storage/signing.server";
import { sanitizeSvg } from "~/storage/svg.server";

const image = (format: "png" | "jpeg" | "webp" | "gif" | "avif") =>
  sharp({ create: { width: 24, height: 16, channels: 3, background: "#1a3d6e" } })
    .toFormat(format)
    .toBuffer();

describe("object names", () => {
  it("accepts folders and ordinary file names", () => {
    for (const name of ["logo.png", "logos/acme logo_2.png", "a/b/c/d.svg", "_x-1.webp", "Team Photo 2026.jpg"])
      expect(nameProblem(name), name).toBeNull();
  });

  it("refuses traversal, control characters, backslashes, odd slashes and overlong names", () => {
    const bad = [
      "../etc/passwd",
      "logos/../../x.png",
      "a/./b.png",
      "..",
      ".hidden.png",
      "/root.png",
      "folder/",
      "a//b.png",
      "a\\b.png",
      "bad\u0000name.png",
      "new\nline.png",
      "tab\there.png",
      "del\u007f.png",
      'quote".png',
      "<script>.png",
      "percent%2e.png",
      " leading.png",
      "trailing.png ",
      "é.png",
      "",
      `${"a".repeat(101)}.png`,
      `${"abcdefghij/".repeat(24)}abcdefghijklmnop.png`,
    ];
    for (const name of bad) expect(nameProblem(name), JSON.stringify(name)).not.toBeNull();
  });

  it("turns a file's own name into an acceptable one, or a clear refusal", () => {
    expect(toObjectName("Logo (final) é.PNG")).toBe("Logo -final- e.png");
    expect(toObjectName("C:\\Users\\me\\a..b.png")).toBe("a.b.png");
    expect(toObjectName("../../etc/passwd")).toBe("passwd");
    expect(toObjectName(".htaccess")).toBe("htaccess");
    expect(toObjectName("photo.png", "logos")).toBe("logos/photo.png");
    for (const raw of ["x\u0001y.png", "résumé.gif", "a/b/../c.svg", "   .png"]) expect(nameProblem(toObjectName(raw)), raw).toBeNull();
  });

  it("gives a stored name the extension of its content type", () => {
    expect(withTypeExtension("photo.jpeg", "image/jpeg")).toBe("photo.jpeg");
    expect(withTypeExtension("photo.jpg", "image/png")).toBe("photo.png");
    expect(withTypeExtension("photo", "image/webp")).toBe("photo.webp");
    expect(withTypeExtension("report.v2", "image/svg+xml")).toBe("report.v2.svg");
    expect(withTypeExtension("evil.exe", "image/gif")).toBe("evil.exe.gif");
  });

  it("encodes each segment of a name in URLs", () => {
    expect(encodeName("my logos/a b.png")).toBe("my%20logos/a%20b.png");
    expect(formatBytes(10 * 1024 * 1024)).toBe("10 MB");
  });
});

describe("file type from content", () => {
  it("recognises the five raster formats by their bytes, whatever the name", async () => {
    expect(detectContentType(await image("png"))).toBe("image/png");
    expect(detectContentType(await image("jpeg"))).toBe("image/jpeg");
    expect(detectContentType(await image("webp"))).toBe("image/webp");
    expect(detectContentType(await image("gif"))).toBe("image/gif");
    expect(detectContentType(await image("avif"))).toBe("image/avif");
  });

  it("recognises SVG only when its root element is <svg>", () => {
    const svg = (s: string) => detectContentType(Buffer.from(s));
    expect(svg('<svg xmlns="http://www.w3.org/2000/svg"/>')).toBe("image/svg+xml");
    expect(svg('\ufeff<?xml version="1.0"?>\n<!-- made by hand -->\n<!DOCTYPE svg [<!ENTITY a "b">]>\n<svg viewBox="0 0 1 1"></svg>')).toBe(
      "image/svg+xml",
    );
    expect(svg("<html><body><svg></svg></body></html>")).toBeNull();
    expect(svg('<?xml version="1.0"?><feed xmlns="http://www.w3.org/2005/Atom"/>')).toBeNull();
    expect(svg("<svgx/>")).toBeNull();
  });

  it("refuses executables, archives, HTML, PDFs and look-alikes", () => {
    const samples = {
      "Windows executable": Buffer.concat([Buffer.from("MZ\x90\x00\x03\x00\x00\x00", "latin1"), Buffer.alloc(64)]),
      ELF: Buffer.from("\x7fELF\x02\x01\x01\x00", "latin1"),
      zip: Buffer.from("PK\x03\x04\x14\x00", "latin1"),
      HTML: Buffer.from("<!doctype html><script>alert(1)</script>"),
      PDF: Buffer.from("%PDF-1.7\n"),
      "HEIC (not AVIF)": Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from("ftypheicmif1heic", "latin1"), Buffer.alloc(8)]),
      "text with a NUL byte": Buffer.from("<svg>\u0000</svg>"),
      "invalid UTF-8": Buffer.from([0x3c, 0x73, 0x76, 0x67, 0x20, 0xff, 0xfe, 0x3e]),
      empty: Buffer.alloc(0),
    };
    for (const [label, bytes] of Object.entries(samples)) expect(detectContentType(bytes), label).toBeNull();
  });
});

// The first SVG loads jsdom (seconds on a busy machine).
describe("SVG sanitising", { timeout: 30_000 }, () => {
  it("removes scripts, event handlers, foreignObject and every outside reference, and keeps the drawing", async () => {
    const dirty = `<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY boom "lol">]>
      <svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 10 10" onload="alert(1)">
        <script>alert(2)</script>
        <style>@import url(https://evil.example/x.css); rect { fill: url(https://evil.example/#p) }</style>
        <rect width="10" height="10" fill="#0b1f3a" onclick="alert(3)" style="filter:url(https://evil.example/f)"/>
        <a xlink:href="javascript:alert(4)"><circle r="3" fill="url(#g)"/></a>
        <a href="https://evil.example/"><circle r="2"/></a>
        <image href="https://evil.example/track.png" width="1" height="1"/>
        <image href="data:image/png;base64,iVBORw0KGgo=" width="1" height="1"/>
        <image href="data:text/html;base64,PHNjcmlwdD4=" width="1" height="1"/>
        <foreignObject><div xmlns="http://www.w3.org/1999/xhtml">hi</div></foreignObject>
        <animate attributeName="href" to="javascript:alert(5)"/>
      </svg>`;
    const clean = (await sanitizeSvg(dirty))!;
    expect(clean).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    for (const gone of [
      "script",
      "onload",
      "onclick",
      "javascript:",
      "evil.example",
      "@import",
      "foreignObject",
      "animate",
      "data:text/html",
      "ENTITY",
      "lol",
    ]) {
      expect(clean, gone).not.toContain(gone);
    }
    expect(clean).toContain('<rect width="10" height="10" fill="#0b1f3a"/>');
    expect(clean).toContain('fill="url(#g)"');
    expect(clean).toContain("data:image/png;base64,iVBORw0KGgo=");
  });

  it("drops CSS that runs code or loads from elsewhere, also when escapes or comments split the word, and keeps local url(#id)", async () => {
    const svg = (inner: string) => `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">${inner}<circle r="1"/></svg>`;
    const styleAttribute = [
      "width:expression(alert(1))",
      "width:EXPRESSION (alert(1))",
      "width:expr/**/ession(alert(1))",
      "width:expr/* a comment */ession(alert(1))",
      "width:\\65 xpression(alert(1))",
      "width:\\000065xpression(alert(1))",
      "width:e\\xpression(alert(1))",
      "background:u\\rl(https://evil.example/a.png)",
      "background:u/**/rl(https://evil.example/a.png)",
      "background:\\75 \\72 \\6c (https://evil.example/a.png)",
      "background:url(&quot;https://evil.example/a.png&quot;)",
      "background:image-set('https://evil.example/a.png' 1x)",
      "background:-webkit-image-set('https://evil.example/a.png' 1x)",
      "background:url(javascript:alert(1))",
      "background:java\\script:alert(1)",
      "behavior:url(#default#time2)",
      "-moz-binding:url(#xbl)",
      "x:1;@import 'https://evil.example/x.css'",
      "x:1;@\\69mport 'https://evil.example/x.css'",
    ];
    for (const style of styleAttribute) {
      const clean = (await sanitizeSvg(svg(`<rect width="1" height="1" style="${style}"/>`)))!;
      expect(clean, style).toContain("<rect");
      expect(clean, style).not.toContain("style=");
    }
    const styleElement = [
      "rect { width: expression(alert(1)) }",
      "rect { width: expr/**/ession(alert(1)) }",
      "rect { width: \\65 xpression(alert(1)) }",
      "rect { fill: u\\rl(https://evil.example/p) }",
      "rect { fill: u\\72 l(https://evil.example/p) }",
      "@\\69mport 'https://evil.example/x.css';",
      "rect { background: java\\73 cript:alert(1) }",
      "rect { background: image-set('https://evil.example/a.png' 1x) }",
    ];
    for (const css of styleElement) {
      const clean = (await sanitizeSvg(svg(`<style>${css}</style>`)))!;
      expect(clean, css).not.toContain("<style");
      expect(clean, css).toContain("<circle");
    }
    // Gradients and patterns by id are the ordinary use of url(...): they stay, in attributes and <style>.
    const local = (await sanitizeSvg(
      svg(
        '<defs><linearGradient id="g"><stop offset="0" stop-color="#fff"/></linearGradient></defs><style>.a { fill: url(#g); }</style><rect class="a" width="1" height="1" style="fill:url(\'#g\');stroke:url( #g )"/>',
      ),
    ))!;
    expect(local).toContain("<style>.a { fill: url(#g); }</style>");
    expect(local).toContain(`style="fill:url('#g');stroke:url( #g )"`);
  });

  it("refuses an SVG with nothing drawable left", async () => {
    expect(await sanitizeSvg('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')).toBeNull();
    expect(await sanitizeSvg('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"></svg>')).toBeNull();
    expect(await sanitizeSvg("<html><svg><rect/></svg></html>")).toBeNull();
  });
});

describe("signed URL tokens", () => {
  const key = signingKey("unit-test-secret-0123456789abcdef0123456789");
  it("are valid for their object until they expire, and never for another", () => {
    const token = signToken(key, "graphics", "a.png", 2_000);
    expect(verifyToken(key, "graphics", "a.png", token, 1_999_000)).toEqual({ ok: true, expiresAt: 2_000_000 });
    expect(verifyToken(key, "graphics", "a.png", token, 2_000_000)).toEqual({ ok: false, reason: "expired" });
    expect(verifyToken(key, "graphics", "b.png", token, 0)).toEqual({ ok: false, reason: "invalid" });
    expect(verifyToken(signingKey("another-secret-0123456789abcdef0123456789"), "graphics", "a.png", token, 0)).toEqual({
      ok: false,
      reason: "invalid",
    });
    // A later expiry with the old signature does not pass.
    expect(verifyToken(key, "graphics", "a.png", token.replace(/^2000/, "9999"), 0)).toEqual({ ok: false, reason: "invalid" });
    expect(verifyToken(key, "graphics", "a.png", null, 0)).toEqual({ ok: false, reason: "malformed" });
    expect(verifyToken(key, "graphics", "a.png", "abc", 0)).toEqual({ ok: false, reason: "malformed" });
  });
});
