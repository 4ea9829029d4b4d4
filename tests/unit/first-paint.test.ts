import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";

import { deferHydration, deferHydrationStream, headScript } from "~/first-paint/first-paint.server";
import { WEB_FONT_KEY } from "~/first-paint/web-font";

// The shape React Router 7's <Scripts> and React 19 give a document (preloads hoisted to <head>).
const BOOT = `<script nonce="abc" type="module" async="">;
import * as route0 from "/assets/root-1.js";
import * as route1_clientLoader from "/assets/r1-loader.js";
import * as route1_main from "/assets/r1.js";
const route1 = {...route1_clientLoader,...route1_main};
  window.__reactRouterManifest = {
  "entry": {
    "module": "/assets/entry.client-1.js",
    "imports": ["/assets/app-1.js"]
  },
  "url": "/assets/manifest-1.js"
};
  window.__reactRouterRouteModules = {"root":route0,"routes/r1":route1};

import("/assets/entry.client-1.js");</script>`;
const DOCUMENT =
  `<!DOCTYPE html><html><head><meta charSet="utf-8"/><title>Caf\u00e9 \u2019s</title>` +
  `<link rel="modulepreload" href="/assets/entry.client-1.js"/><link rel="modulepreload" href="/assets/app-1.js"/>` +
  `<link rel="stylesheet" href="/assets/app.css"/>` +
  `<noscript><link rel="stylesheet" href="/assets/fonts-1.css"/></noscript></head>` +
  `<body><main>Text \u2014 \u00e9t\u00e9</main><script nonce="abc">window.__reactRouterContext = {};</script>${BOOT}` +
  `<!--$?--><template id="B:0"></template><!--/$--><div hidden id="S:0"><script nonce="abc">stream("\u2019")</script></div></body></html>`;

describe("deferHydration", () => {
  const out = deferHydration(DOCUMENT)!;

  it("behind sign-in, leaves React Router's preloads and imports as they are and only fetches the web font", () => {
    const page = deferHydration(DOCUMENT, { immediate: true })!;
    expect(page).toContain(
      '<link rel="modulepreload" href="/assets/entry.client-1.js"/><link rel="modulepreload" href="/assets/app-1.js"/>',
    );
    expect(page).toContain(`<head><meta charSet="utf-8"/><script nonce="abc">${headScript()}</script><title>`);
    const script = /<script nonce="abc" type="module" async="">([\s\S]*?)<\/script>/.exec(page)![1];
    expect(script.indexOf("if(!(")).toBe(0);
    expect(script).toContain(".load().then(");
    expect(script).toContain(BOOT.slice(BOOT.indexOf(">") + 1, BOOT.lastIndexOf("</script>")));
    expect(script).not.toContain("await Promise.race([idle");
  });

  it("puts the web font's script first in <head>, with the page's nonce (none on a prerendered page)", () => {
    expect(out).toContain(`<head><meta charSet="utf-8"/><script nonce="abc">${headScript()}</script><title>`);
    const prerendered = deferHydration(DOCUMENT.replace(/ nonce="abc"/g, ""))!;
    expect(prerendered).toContain(`<head><meta charSet="utf-8"/><script>${headScript()}</script><title>`);
  });

  it("drops every module preload from the markup and adds them from the script after the gate", () => {
    expect(out).not.toMatch(/<link[^>]*modulepreload/);
    const script = /<script nonce="abc" type="module" async="">([\s\S]*?)<\/script>/.exec(out)![1];
    expect(script).toContain('["/assets/entry.client-1.js","/assets/app-1.js"]');
    expect(script.indexOf("await Promise.race([idle,hydrateWhen])")).toBeLessThan(script.indexOf('link.rel="modulepreload"'));
  });

  it("turns the static imports into dynamic ones that wait for the gate, keeping the names", () => {
    const script = /<script nonce="abc" type="module" async="">([\s\S]*?)<\/script>/.exec(out)![1];
    expect(script).not.toMatch(/^\s*import\s*\*/m);
    expect(script).toContain(
      'const [route0,route1_clientLoader,route1_main]=await Promise.all([import("/assets/root-1.js"),import("/assets/r1-loader.js"),import("/assets/r1.js")]);',
    );
    expect(script.indexOf("await Promise.race([idle,hydrateWhen])")).toBeLessThan(script.indexOf("Promise.all([import("));
    expect(script).toContain("const route1 = {...route1_clientLoader,...route1_main};");
    expect(script).toContain('import("/assets/entry.client-1.js");');
    expect(script).toContain(`localStorage.setItem(${JSON.stringify(WEB_FONT_KEY)}`);
    expect(script).not.toContain("document.fonts.add");
  });

  it("writes React Router's route manifest without its indentation, as the same object", () => {
    const script = /<script nonce="abc" type="module" async="">([\s\S]*?)<\/script>/.exec(out)![1];
    expect(script).toContain(
      'window.__reactRouterManifest = {"entry":{"module":"/assets/entry.client-1.js","imports":["/assets/app-1.js"]},"url":"/assets/manifest-1.js"};',
    );
  });

  it("fetches the web font for the next pages once the page has painted and the browser is idle, whether or not it hydrates", () => {
    const script = /<script nonce="abc" type="module" async="">([\s\S]*?)<\/script>/.exec(out)![1];
    const idle = script.indexOf("requestIdleCallback");
    expect(script.indexOf('"first-contentful-paint"')).toBeLessThan(idle);
    expect(idle).toBeLessThan(script.indexOf(".load().then("));
    expect(script.indexOf(".load().then(")).toBeLessThan(script.indexOf("await Promise.race([idle"));
  });

  it("is valid module code", async () => {
    const script = /<script nonce="abc" type="module" async="">([\s\S]*?)<\/script>/.exec(out)![1];
    // A syntax error would throw here (top-level await: the body of an async function).
    const AsyncFunction = Object.getPrototypeOf(async () => {}).constructor as new (body: string) => unknown;
    expect(() => new AsyncFunction(script)).not.toThrow();
  });

  it("leaves everything else as it was (nonce, stylesheet, noscript copy, content, data stream)", () => {
    const strip = (html: string) =>
      html
        .replace(/<link rel="modulepreload"[^>]*>/g, "")
        .replace(/<script nonce="abc" type="module"[\s\S]*?<\/script>/, "BOOT")
        .replace(`<script nonce="abc">${headScript()}</script>`, "");
    expect(strip(out)).toBe(strip(DOCUMENT));
  });

  it("passes a document without React Router's module script through", () => {
    expect(deferHydration("<html><body><p>no scripts</p></body></html>")).toBeNull();
  });
});

describe("deferHydrationStream", () => {
  async function run(chunks: Buffer[]): Promise<string> {
    const parts: Buffer[] = [];
    for await (const part of Readable.from(chunks).pipe(deferHydrationStream())) parts.push(Buffer.from(part));
    return Buffer.concat(parts).toString("utf8");
  }

  it("gives the same document however the bytes are cut, even inside a character", async () => {
    const bytes = Buffer.from(DOCUMENT, "utf8");
    const expected = deferHydration(DOCUMENT);
    expect(await run([bytes])).toBe(expected);
    expect(await run([...bytes].map((b) => Buffer.from([b])))).toBe(expected);
    const sevens: Buffer[] = [];
    for (let i = 0; i < bytes.length; i += 7) sevens.push(bytes.subarray(i, i + 7));
    expect(await run(sevens)).toBe(expected);
  });

  it("finds the module script after a long body sent in small pieces, past inline scripts with < and >", async () => {
    // An admin list: hundreds of React's chunks before the script; an inline script's "<" and ">"
    // on the way; the script's tag itself cut across chunks.
    const rows = Array.from({ length: 2000 }, (_, i) => `<tr><td>Item ${i} \u2019</td><td>a &lt; b</td></tr>`).join("");
    const long = DOCUMENT.replace(
      "<main>",
      `<main><script nonce="abc">if (1 < 2 && 3 > 2) void 0;</script><table>${rows}</table><script>x = "<scr"</script>`,
    );
    const bytes = Buffer.from(long, "utf8");
    const expected = deferHydration(long);
    expect(expected).not.toBeNull();
    for (const size of [2048, 997, 13]) {
      const chunks: Buffer[] = [];
      for (let i = 0; i < bytes.length; i += size) chunks.push(bytes.subarray(i, i + size));
      expect(await run(chunks)).toBe(expected);
    }
  });

  it("passes through a document without the module script unchanged", async () => {
    const html = "<html><body>\u2019 no scripts</body></html>";
    expect(await run([Buffer.from(html)])).toBe(html);
  });

  it("sends what is written in one turn of the event loop as one chunk, and a later part at once", async () => {
    const stream = deferHydrationStream();
    const out: string[] = [];
    stream.on("data", (chunk: Buffer) => out.push(chunk.toString("utf8")));
    const bytes = Buffer.from(DOCUMENT, "utf8");
    // React writes a document in small pieces within one turn: they leave together.
    for (let i = 0; i < bytes.length; i += 100) stream.write(bytes.subarray(i, i + 100));
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setImmediate(resolve));
    expect(out).toEqual([deferHydration(DOCUMENT)]);
    // A part streamed later (a Suspense boundary) is not held until the end.
    stream.write(Buffer.from("<div>later</div>"));
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setImmediate(resolve));
    expect(out).toEqual([deferHydration(DOCUMENT), "<div>later</div>"]);
    stream.end("<p>last</p>");
    await new Promise((resolve) => stream.on("end", resolve));
    expect(out).toEqual([deferHydration(DOCUMENT), "<div>later</div>", "<p>last</p>"]);
  });
});
