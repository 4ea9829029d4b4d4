/**
 * Screenshots of pages at phone and desktop widths, for looking at the site as a visitor would.
 * Usage: npx tsx scripts/screenshot.ts http://127.0.0.1:3000 / /about ...   (PNGs in ./screenshots)
 * FULL=1: whole pages. SIGN_IN=email:password: sign in through /auth/login first (staff pages).
 */
import { mkdirSync } from "node:fs";
import { chromium } from "@playwright/test";

import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../tests/chromium";

const [base = "http://127.0.0.1:3000", ...paths] = process.argv.slice(2);
const widths = [390, 1280];
mkdirSync("screenshots", { recursive: true });
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
for (const width of widths) {
  const context = await browser.newContext({ viewport: { width, height: width < 500 ? 844 : 900 }, reducedMotion: "reduce" });
  const page = await context.newPage();
  if (process.env.SIGN_IN) {
    const [email, ...rest] = process.env.SIGN_IN.split(":");
    await page.goto(`${base}/auth/login`);
    await page.getByLabel("E-mail address").fill(email);
    await page.getByLabel("Password", { exact: true }).fill(rest.join(":"));
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL((url) => !url.pathname.startsWith("/auth/login"));
  }
  for (const p of paths.length ? paths : ["/"]) {
    await page.goto(base + p, { waitUntil: "networkidle" });
    const name = `screenshots/${(p === "/" ? "home" : p.slice(1).replace(/\//g, "_")) || "home"}-${width}.png`;
    await page.screenshot({ path: name, fullPage: process.env.FULL === "1" });
    console.log(name);
  }
  await context.close();
}
await browser.close();
