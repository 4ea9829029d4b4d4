/**
 * Social cards (docs/requirements/public-site.md#social-cards, ADR 033): the address of a public
 * page's 1200×630 PNG. The pages' meta (browser and server) and the card route
 * (app/social-cards/) compute it alike, from the page's path and the title its meta has; what
 * the card says is the server's business (app/social-cards/card-kind.ts). Small on purpose: it
 * is in every page's JavaScript.
 */
import { site } from "~/config/site";

export const SOCIAL_CARD = { width: 1200, height: 630 } as const;

/** The folder of every card: /og/services/voip.png, /og/index.png for the home page. */
export const SOCIAL_CARD_PREFIX = "/og";
/** Grows when the card's design changes: every card gets a new address (the hash below). */
export const SOCIAL_CARD_DESIGN = 1;

/**
 * FNV-1a, 32 bits, in base 36, of the design, the brand, the page's path (its kind follows from
 * it) and the title its meta gives: a short name for the text on the card (not a secret).
 */
export function socialCardHash(pagePath: string, pageTitle: string): string {
  const input = `${SOCIAL_CARD_DESIGN}\n${site.brand}\n${pagePath}\n${pageTitle}`;
  let hash = 0x811c9dc5;
  for (let i = 0; i < input.length; i++) {
    hash ^= input.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(36);
}

/** The card's path without its version: /og/index.png, /og/services/voip.png. */
export function socialCardFile(pagePath: string): string {
  return `${SOCIAL_CARD_PREFIX}${pagePath === "/" ? "/index" : pagePath}.png`;
}

/**
 * A page's card address, versioned by the text on it: a new title is a new address, so a shared
 * link never shows an old card. Whether the page has a card is its caller's question (app/lib/seo.ts).
 */
export function socialCardPath(pagePath: string, pageTitle: string): string {
  return `${socialCardFile(pagePath)}?v=${socialCardHash(pagePath, pageTitle)}`;
}
