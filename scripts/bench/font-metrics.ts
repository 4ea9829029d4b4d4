/**
 * The size-adjust of each "Inter Fallback" face in app/site.css (ADR 013): Inter's width over
 * Arial's (Liberation Sans here, its metric twin) for the text the site itself shows at that weight,
 * read from the built pages in Chromium. Regular Arial for 400 and 500, Arial Bold for 600 and 700.
 * Run after a change of the font or of much of the copy, and put the printed values in site.css:
 *   npm run build && npx tsx scripts/bench/font-metrics.ts
 */
import { chromium } from "@playwright/test";

import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../../tests/chromium.ts";
import { startServer } from "./lib.ts";

const PAGES = [
  "/",
  "/services",
  "/services/managed-it",
  "/industries/healthcare",
  "/indianapolis-it-support",
  "/about",
  "/faq",
  "/contact",
  "/auth/login",
];
/** Inter's ascent and descent, in ems (its hhea metrics: 1984 and 494 of 2048 units). */
const INTER_ASCENT = 0.96875;
const INTER_DESCENT = 0.2421875;

const server = await startServer();
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS] });
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  const byWeight: Record<string, string[]> = {};
  for (const path of PAGES) {
    await page.goto(`${server.url}${path}`, { waitUntil: "load" });
    const items = await page.evaluate(() =>
      [...document.querySelectorAll("body *")]
        .filter((e) => e.children.length === 0 && (e.textContent ?? "").trim().length > 1)
        .map((e) => [getComputedStyle(e).fontWeight, (e.textContent ?? "").trim()] as const),
    );
    for (const [weight, text] of items) (byWeight[weight] ??= []).push(text);
  }
  // The pages add Inter only once the browser has it (app/first-paint/web-font.ts): add its stylesheet,
  // the one root.tsx gives browsers without JavaScript.
  await page.evaluate(async () => {
    const href = /href="([^"]+)"/.exec(document.querySelector("noscript")?.textContent ?? "")?.[1];
    if (!href) throw new Error("no web font stylesheet in <noscript>");
    const link = Object.assign(document.createElement("link"), { rel: "stylesheet", href });
    document.head.append(link);
    await new Promise((resolve) => link.addEventListener("load", resolve));
  });
  // A string, not a function: tsx would wrap named functions in a helper the page does not have.
  const ratios = (await page.evaluate(`(async (byWeight) => {
    const out = {};
    const canvas = document.createElement("canvas").getContext("2d");
    for (const [weight, texts] of Object.entries(byWeight)) {
      await document.fonts.load(weight + ' 16px "Inter Variable"');
      const widths = [weight + ' 100px "Inter Variable"', '400 100px "Liberation Sans", Arial', '700 100px "Liberation Sans", Arial'].map((font) => {
        canvas.font = font;
        return texts.reduce((sum, t) => sum + canvas.measureText(t).width, 0);
      });
      out[weight] = { texts: texts.length, overRegular: widths[0] / widths[1], overBold: widths[0] / widths[2] };
    }
    return out;
  })(${JSON.stringify(byWeight)})`)) as Record<string, { texts: number; overRegular: number; overBold: number }>;
  for (const [weight, r] of Object.entries(ratios).sort()) {
    const adjust = Number(weight) >= 600 ? r.overBold : r.overRegular;
    console.log(
      `weight ${weight} (${r.texts} texts, ${Number(weight) >= 600 ? "Arial Bold" : "Arial"}): ` +
        `size-adjust: ${(adjust * 100).toFixed(2)}%; ascent-override: ${((INTER_ASCENT / adjust) * 100).toFixed(2)}%; ` +
        `descent-override: ${((INTER_DESCENT / adjust) * 100).toFixed(2)}%;`,
    );
  }
} finally {
  await browser.close();
  await server.stop();
}
