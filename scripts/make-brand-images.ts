/**
 * Renders the brand images from the site config with Chromium: the Open Graph card (1200x630),
 * the Apple touch icon (180x180) and the square logo used in structured data (512x512).
 * Run after a rebrand: npx tsx scripts/make-brand-images.ts   (writes into public/)
 * The card shows the tagline and the trust statistics of the seed facts (`seedFacts`), not the ones
 * staff published later: run it again when those change.
 */
import { chromium } from "@playwright/test";

import { seedFacts, site } from "../app/config/site";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../tests/chromium";

const mark = (size: number) => `
<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="${size}" height="${size}">
  <rect width="32" height="32" rx="7" fill="#0b1f3a"/>
  <path d="M16 5v22M5 16h22" stroke="#fff" stroke-width="3.5" stroke-linecap="round"/>
  <circle cx="16" cy="16" r="4.5" fill="#fb923c"/>
</svg>`;

const escape = (s: string) => s.replace(/[&<>"]/g, (c) => `&${{ "&": "amp", "<": "lt", ">": "gt", '"': "quot" }[c]};`);

const ogCard = `
<body style="margin:0;width:1200px;height:630px;font-family:'Inter','DejaVu Sans',sans-serif;
  background:linear-gradient(135deg,#071429 0%,#0b1f3a 55%,#1a3d6e 100%);color:#fff;display:flex;flex-direction:column;justify-content:center;padding:0 96px;box-sizing:border-box;
  background-image:linear-gradient(rgba(147,197,253,.08) 1px,transparent 1px),linear-gradient(90deg,rgba(147,197,253,.08) 1px,transparent 1px),linear-gradient(135deg,#071429 0%,#0b1f3a 55%,#1a3d6e 100%);
  background-size:48px 48px,48px 48px,auto">
  <div style="display:flex;align-items:center;gap:24px">${mark(96)}<span style="font-size:64px;font-weight:700;letter-spacing:-1px">${escape(site.brand)}</span></div>
  <p style="font-size:40px;line-height:1.25;margin:40px 0 0;max-width:960px;font-weight:600">${escape(seedFacts.tagline)}</p>
  <p style="font-size:28px;margin:28px 0 0;color:#fb923c;font-weight:600">${seedFacts.trustStats.map((s) => `${escape(s.value)} ${escape(s.label.toLowerCase())}`).join(" · ")}</p>
</body>`;

const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
async function render(html: string, width: number, height: number, file: string) {
  const page = await browser.newPage({ viewport: { width, height } });
  await page.setContent(html);
  await page.screenshot({ path: `public/${file}`, ...(file.endsWith(".jpg") ? { type: "jpeg", quality: 88 } : {}) });
  await page.close();
  console.log(`public/${file}`);
}
const square = (size: number, pad: number) =>
  `<body style="margin:0;background:#0b1f3a;display:flex;align-items:center;justify-content:center;width:${size}px;height:${size}px">${mark(size - pad * 2)}</body>`;
await render(ogCard, 1200, 630, "og-image.jpg");
await render(square(180, 0), 180, 180, "apple-touch-icon.png");
await render(square(512, 0), 512, 512, "logo.png");
await browser.close();
