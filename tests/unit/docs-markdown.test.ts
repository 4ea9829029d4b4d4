/**
 * The document library's renderer: Markdown is shown as intended, and a catalogue of XSS payloads
 * comes out harmless (no script, handler, style, frame, SVG, form, or unsafe URL survives).
 */
import { JSDOM } from "jsdom";
import { describe, expect, it } from "vitest";

import { isSafeUrl, renderMarkdown, sanitizeHtml } from "~/markdown/markdown.server";

const parse = (html: string) => new JSDOM(`<!DOCTYPE html><body>${html}</body>`).window.document.body;

const DANGEROUS_TAGS =
  "script, style, iframe, frame, frameset, object, embed, svg, math, form, input, button, textarea, select, base, meta, link, noscript, template, audio, video, source, applet";
const UNSAFE_SCHEME = /^(javascript|vbscript|data|file|blob):/i;

/** What must hold for any rendering, whatever the input. */
function expectHarmless(html: string) {
  const body = parse(html);
  expect(body.querySelectorAll(DANGEROUS_TAGS), html).toHaveLength(0);
  for (const el of body.querySelectorAll("*")) {
    for (const attr of el.attributes) {
      expect(attr.name.startsWith("on"), `${attr.name} on <${el.tagName}> in ${html}`).toBe(false);
      expect(["style", "target", "srcset", "formaction", "action", "xlink:href", "background"]).not.toContain(attr.name);
      if (attr.name === "href" || attr.name === "src") {
        // eslint-disable-next-line no-control-regex
        const compact = attr.value.replace(/[\u0000-\u0020\u007f-\u00a0]/g, "");
        expect(compact, `${attr.name}="${attr.value}"`).not.toMatch(UNSAFE_SCHEME);
      }
    }
  }
}

const XSS_PAYLOADS: [string, string][] = [
  ["script element", "<script>alert(1)</script>"],
  ["script split over Markdown", "Hello <script>\nalert(1)\n</script> world"],
  ["img onerror", "<img src=x onerror=alert(1)>"],
  ["img onerror, upper case", "<IMG SRC=x ONERROR=alert(1)>"],
  ["Markdown link to javascript:", "[click](javascript:alert(1))"],
  ["mixed-case scheme", "[click](JaVaScRiPt:alert(1))"],
  ["scheme with an entity tab", '<a href="java&#x09;script:alert(1)">click</a>'],
  ["scheme with an entity newline", '<a href="jav&#x0A;ascript:alert(1)">click</a>'],
  ["scheme with entity letters", '<a href="&#106;&#97;vascript:alert(1)">click</a>'],
  ["Markdown link with an entity", "[click](&#x6A;avascript:alert(1))"],
  ["leading spaces and control characters", '<a href=" \u0001javascript:alert(1)">click</a>'],
  ["angle-bracket Markdown destination", "[click](<javascript:alert(1)>)"],
  ["reference-style link", "[click][x]\n\n[x]: javascript:alert(1)"],
  ["autolink", "<javascript:alert(1)>"],
  ["Markdown image with javascript:", "![x](javascript:alert(1))"],
  ["data: image", '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">'],
  ["Markdown data: image", "![x](data:image/png;base64,iVBORw0KGgo=)"],
  ["data: link", '<a href="data:text/html,<script>alert(1)</script>">x</a>'],
  ["vbscript link", '<a href="vbscript:msgbox(1)">x</a>'],
  ["svg onload", "<svg onload=alert(1)><circle r=5 /></svg>"],
  ["svg script", "<svg><script>alert(1)</script></svg>"],
  ["svg animate href", "<svg><a><animate attributeName=href values=javascript:alert(1) /><text y=20>x</text></a></svg>"],
  ["math with a link", '<math><mi xlink:href="javascript:alert(1)">x</mi></math>'],
  ["iframe", '<iframe src="javascript:alert(1)"></iframe>'],
  ["iframe srcdoc", '<iframe srcdoc="<script>alert(1)</script>"></iframe>'],
  ["object", '<object data="javascript:alert(1)"></object>'],
  ["embed", '<embed src="https://evil.example/x.swf">'],
  ["style element", "<style>body{display:none}</style>"],
  ["style attribute", '<p style="background:url(javascript:alert(1))">x</p>'],
  ["form and button", '<form action="javascript:alert(1)"><button formaction="javascript:alert(1)">go</button></form>'],
  ["input autofocus", "<input autofocus onfocus=alert(1)>"],
  ["details ontoggle", "<details open ontoggle=alert(1)><summary>x</summary></details>"],
  [
    "base, meta, link",
    '<base href="https://evil.example/"><meta http-equiv="refresh" content="0;url=javascript:alert(1)"><link rel="stylesheet" href="https://evil.example/x.css">',
  ],
  ["noscript mutation", '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>'],
  ["mXSS through math and style", "<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>"],
  ["target and srcset", '<a href="https://ok.example" target="_blank">x</a><img src="/a.png" srcset="javascript:alert(1) 1x">'],
  ["event handler in Markdown title", '[x](https://ok.example "a\\" onmouseover=\\"alert(1)")'],
  ["template", "<template><script>alert(1)</script></template>"],
  ["video poster", '<video poster="javascript:alert(1)"><source src="x"></video>'],
];

describe("renderMarkdown: XSS catalogue", () => {
  it.each(XSS_PAYLOADS)("neutralises %s", async (_name, payload) => {
    const html = await renderMarkdown(payload);
    expectHarmless(html);
    expect(html).not.toMatch(/<script/i);
  });

  it("neutralises the whole catalogue at once, and raw HTML passed straight to the sanitiser", async () => {
    const all = XSS_PAYLOADS.map(([, p]) => p).join("\n\n");
    expectHarmless(await renderMarkdown(all));
    expectHarmless(await sanitizeHtml(all));
  });

  it("keeps the text of a bad link and drops only its address", async () => {
    const body = parse(await renderMarkdown("[click here](javascript:alert(1))"));
    expect(body.textContent).toContain("click here");
    expect(body.querySelector("a")?.hasAttribute("href")).toBe(false);
  });
});

describe("renderMarkdown: what authors write", () => {
  it("renders GitHub-flavoured Markdown: tables with alignment, strikethrough, task lists, autolinks", async () => {
    const body = parse(
      await renderMarkdown(
        "| Name | Cost |\n|:-----|-----:|\n| VPN | $5 |\n\n~~old~~\n\n- [x] done\n- [ ] to do\n\nSee https://www.crossroadsit.example.",
      ),
    );
    expect(body.querySelector("th")?.textContent).toBe("Name");
    expect(body.querySelectorAll("td")[1]?.className).toBe("align-right");
    expect(body.querySelector("[align]")).toBeNull(); // obsolete in HTML
    expect(body.querySelector("del")?.textContent).toBe("old");
    expect(body.querySelectorAll("li")[0]?.textContent).toBe("☑ done");
    expect(body.querySelectorAll("li")[1]?.textContent).toBe("☐ to do");
    expect(body.querySelector("a")?.getAttribute("href")).toBe("https://www.crossroadsit.example");
  });

  it("moves headings one level down (the page's h1 is the title) and gives them unique anchor ids", async () => {
    const body = parse(await renderMarkdown("# Set up the VPN\n\n## Set up the VPN\n\n# Main\n\n###### Deep\n\n[jump](#set-up-the-vpn)"));
    const headings = [...body.querySelectorAll("h2, h3, h4, h5, h6")].map((h) => `${h.tagName}#${h.id}`);
    expect(headings).toEqual(["H2#set-up-the-vpn", "H3#set-up-the-vpn-2", "H2#main-2", "H6#deep"]);
    expect(body.querySelector("h1")).toBeNull();
    expect(body.querySelector('a[href="#set-up-the-vpn"]')).not.toBeNull();
  });

  it("escapes code, keeps the language class, and makes code blocks keyboard-scrollable", async () => {
    const body = parse(await renderMarkdown("```bash\necho '<b>hi</b>' && rm -rf /tmp/x\n```\n\nInline `<script>` stays text."));
    expect(body.querySelector("pre")?.getAttribute("tabindex")).toBe("0");
    expect(body.querySelector("pre code")?.className).toBe("language-bash");
    expect(body.querySelector("pre code")?.textContent).toContain("echo '<b>hi</b>'");
    expect(body.querySelector("pre b")).toBeNull();
    expect(body.querySelectorAll("code")[1]?.textContent).toBe("<script>");
  });

  it("marks external links noopener noreferrer, keeps mailto, tel, relative and anchor links", async () => {
    const body = parse(
      await renderMarkdown(
        "[a](https://ext.example/x) [b](//cdn.example/y) [c](mailto:help@crossroadsit.example) [d](tel:+13175550142) [e](/contact) [f](../up) [g](#top)",
      ),
    );
    const links = [...body.querySelectorAll("a")].map((a) => [a.getAttribute("href"), a.getAttribute("rel")]);
    expect(links).toEqual([
      ["https://ext.example/x", "noopener noreferrer"],
      ["//cdn.example/y", "noopener noreferrer"],
      ["mailto:help@crossroadsit.example", null],
      ["tel:+13175550142", null],
      ["/contact", null],
      ["../up", null],
      ["#top", null],
    ]);
  });

  it("keeps relative images with their alt text, lazy-loaded, and drops unsafe ones", async () => {
    const body = parse(
      await renderMarkdown("![Rack diagram](/files/rack.png) ![](img/a.webp) ![x](mailto:a@b.example) ![y](ftp://files.example/a.png)"),
    );
    const images = [...body.querySelectorAll("img")];
    expect(images.map((i) => i.getAttribute("src"))).toEqual(["/files/rack.png", "img/a.webp"]);
    expect(images[0]?.getAttribute("alt")).toBe("Rack diagram");
    expect(images[1]?.getAttribute("alt")).toBe("");
    expect(images[0]?.getAttribute("loading")).toBe("lazy");
  });

  it("loads images from this site only; an image from another host becomes its alt text, so no reader is tracked", async () => {
    const siteOrigin = "https://www.crossroadsit.example";
    const markdown = [
      "![Tracking pixel](https://tracker.example/pixel.png?reader=1)",
      "![](http://tracker.example/blank.gif)",
      "![Protocol-relative](//tracker.example/p.png)",
      '<p><img src="/&#9;/tracker.example/p.png" alt="Tab trick"></p>',
      '<p><img src="https://tracker.example/raw.png" alt="Raw HTML"></p>',
      "![Lookalike](https://www.crossroadsit.example.tracker.example/p.png)",
      "![Other scheme of the site](http://www.crossroadsit.example/logo.png)",
      "![Logo](https://www.crossroadsit.example/storage/v1/object/public/graphics/logo.png)",
      "![Rack](/storage/v1/object/public/graphics/rack%20photo.png)",
      "![Same host, no scheme](//www.crossroadsit.example/logo.png?v=2#x)",
    ].join("\n\n");
    const html = await renderMarkdown(markdown, { siteOrigin });
    const body = parse(html);
    expect(html).not.toContain("tracker.example");
    expect([...body.querySelectorAll("img")].map((i) => [i.getAttribute("src"), i.getAttribute("alt")])).toEqual([
      ["/storage/v1/object/public/graphics/logo.png", "Logo"],
      ["/storage/v1/object/public/graphics/rack%20photo.png", "Rack"],
      ["/logo.png?v=2#x", "Same host, no scheme"],
    ]);
    const paragraphs = [...body.querySelectorAll("p")].map((p) => p.textContent);
    expect(paragraphs.slice(0, 7)).toEqual([
      "[Image from another site not shown: Tracking pixel]",
      "[Image from another site not shown]",
      "[Image from another site not shown: Protocol-relative]",
      "[Image from another site not shown: Tab trick]",
      "[Image from another site not shown: Raw HTML]",
      "[Image from another site not shown: Lookalike]",
      "[Image from another site not shown: Other scheme of the site]",
    ]);
    expectHarmless(html);
  });

  it("drops ids and classes it did not make itself", async () => {
    const body = parse(
      await renderMarkdown(
        '<p id="main" class="fixed inset-0">x</p><h2 id="main">y</h2><code class="language-js align-left evil">z</code>',
      ),
    );
    expect(body.querySelector("[id]")).toBeNull();
    expect(body.querySelector("code")?.className).toBe("language-js align-left");
    expect(body.querySelector("p")?.hasAttribute("class")).toBe(false);
  });
});

describe("isSafeUrl", () => {
  it.each([
    ["https://a.example", "link", true],
    ["HTTP://a.example", "image", true],
    ["/relative", "image", true],
    ["page#x", "link", true],
    ["#x", "link", true],
    ["?q=1", "link", true],
    ["mailto:a@b.example", "link", true],
    ["tel:+1", "link", true],
    ["mailto:a@b.example", "image", false],
    ["javascript:alert(1)", "link", false],
    [" java\tscript:alert(1)", "link", false],
    ["\u0000javascript:alert(1)", "link", false],
    ["data:image/png;base64,AAA", "image", false],
    ["vbscript:x", "link", false],
    ["\\\\evil.example\\share", "link", false],
    ["", "link", false],
  ] as const)("%j as %s: %s", (url, kind, safe) => {
    expect(isSafeUrl(url, kind)).toBe(safe);
  });
});
