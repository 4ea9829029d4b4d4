/**
 * A social card's picture (docs/requirements/public-site.md#social-cards, ADR 033): satori lays
 * the card out as SVG (its text as glyph outlines, from the site's own font), resvg rasterises it
 * to a 1200×630 PNG and sharp reduces it to a palette PNG (about 22 KB instead of 145 KB), both
 * on libuv's thread pool. Colours are the design tokens of app/theme.css.
 */
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { renderAsync } from "@resvg/resvg-js";
import satori from "satori";
import sharp from "sharp";

import { SOCIAL_CARD } from "~/lib/social-card";

import type { SocialCardText } from "./card-kind";

/** app/theme.css: the card's colours. */
export const CARD_COLOURS = {
  navy950: "#071429",
  navy900: "#0b1f3a",
  navy700: "#1a3d6e",
  accentBright: "#fb923c",
  slate300: "#cbd5e1",
  white: "#ffffff",
} as const;

/** The title's lines at most; a longer title ends in an ellipsis on the last one. */
export const CARD_TITLE_LINES = 3;

/**
 * The fonts: Inter (the site's family, app/fonts.css) at the weights the card uses, as WOFF
 * (satori reads no WOFF2), from @fontsource/inter, with its licence beside them. They are in
 * ./fonts of the source tree, and in build/social-card-fonts beside the server bundles (copied by
 * `npm run build`).
 */
const FONT_FILES = { 600: "inter-latin-600-normal.woff", 700: "inter-latin-700-normal.woff" } as const;
const here = path.dirname(fileURLToPath(import.meta.url));
export const FONTS_DIR =
  [path.resolve(here, "fonts"), ...["..", "../..", "../../.."].map((up) => path.resolve(here, up, "social-card-fonts"))].find((dir) =>
    existsSync(path.join(dir, FONT_FILES[700])),
  ) ?? path.resolve(here, "fonts");

type Font = { name: string; data: Buffer; weight: 600 | 700; style: "normal" };
let fonts: Promise<Font[]> | null = null;
function loadFonts(): Promise<Font[]> {
  fonts ??= Promise.all(
    ([600, 700] as const).map(async (weight) => ({
      name: "Inter",
      data: await readFile(path.join(FONTS_DIR, FONT_FILES[weight])),
      weight,
      style: "normal" as const,
    })),
  );
  fonts.catch(() => (fonts = null));
  return fonts;
}

/** The brand's mark (public/favicon.svg), as the card's logo. */
const MARK = `data:image/svg+xml;utf8,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="#0b1f3a"/><path d="M16 5v22M5 16h22" stroke="#fff" stroke-width="3.5" stroke-linecap="round"/><circle cx="16" cy="16" r="4.5" fill="#fb923c"/></svg>',
)}`;

/** A title's font size: smaller for longer titles, so most fit in two or three lines. */
function titleSize(title: string): number {
  if (title.length <= 40) return 76;
  if (title.length <= 70) return 64;
  return 56;
}

function Card({ text }: { text: SocialCardText }) {
  const c = CARD_COLOURS;
  return (
    <div
      style={{
        width: "100%",
        height: "100%",
        display: "flex",
        flexDirection: "column",
        justifyContent: "space-between",
        backgroundColor: c.navy950,
        backgroundImage: `linear-gradient(135deg, ${c.navy950} 0%, ${c.navy900} 55%, ${c.navy700} 100%)`,
        color: c.white,
        fontFamily: "Inter",
      }}
    >
      {/* Margins, not the card's padding: satori's boxes are content-box, and a padded 100% box overflows. */}
      <div style={{ display: "flex", flexDirection: "column", margin: "72px 88px 0" }}>
        <div
          style={{ display: "flex", fontSize: 30, fontWeight: 600, letterSpacing: 3, textTransform: "uppercase", color: c.accentBright }}
        >
          {text.kind}
        </div>
        <div
          style={{
            display: "block",
            marginTop: 28,
            fontSize: titleSize(text.title),
            fontWeight: 700,
            lineHeight: 1.12,
            letterSpacing: -1,
            lineClamp: CARD_TITLE_LINES,
            maxWidth: 1024,
            maxHeight: Math.ceil(CARD_TITLE_LINES * titleSize(text.title) * 1.12) + 4,
            overflow: "hidden",
          }}
        >
          {text.title}
        </div>
      </div>
      <div
        style={{
          display: "flex",
          alignItems: "center",
          borderTop: `4px solid ${c.accentBright}`,
          paddingTop: 32,
          margin: "0 88px 56px",
        }}
      >
        <img src={MARK} width={64} height={64} alt="" />
        <div style={{ display: "flex", marginLeft: 24, fontSize: 40, fontWeight: 700, color: c.white }}>{text.brand}</div>
      </div>
    </div>
  );
}

/**
 * The title as the card draws it: without emoji and other pictographs, which the font has no
 * glyph for (satori would draw a "no glyph" box).
 */
export function drawableTitle(title: string): string {
  return title
    .replace(/[\p{Extended_Pictographic}\u{FE0F}\u{200D}]/gu, "")
    .replace(/\s+/g, " ")
    .trim();
}

/**
 * The card as SVG: its text as glyph outlines (no font is needed to show it), or, with
 * `textAsText` (for tests that read what the card says), as <text> elements.
 */
export async function socialCardSvg(text: SocialCardText, options: { textAsText?: boolean } = {}): Promise<string> {
  return satori(<Card text={{ ...text, title: drawableTitle(text.title) || text.brand }} />, {
    width: SOCIAL_CARD.width,
    height: SOCIAL_CARD.height,
    fonts: await loadFonts(),
    embedFont: !options.textAsText,
  });
}

/**
 * The card as a 1200×630 PNG of 256 colours at most: the gradient and the text's edges lose
 * nothing visible, and the file is a sixth of resvg's (faster to serve, more cards in memory).
 * sharp takes resvg's pixels as they are (the card is opaque: premultiplied or not, the same), so
 * no full-colour PNG is encoded and decoded on the way; effort 1 (more gave a larger file here).
 */
export async function renderSocialCard(text: SocialCardText): Promise<Buffer> {
  const svg = await socialCardSvg(text);
  const image = await renderAsync(svg, { font: { loadSystemFonts: false }, fitTo: { mode: "original" } });
  return sharp(image.pixels, { raw: { width: image.width, height: image.height, channels: 4 } })
    .png({ palette: true, effort: 1 })
    .toBuffer();
}
