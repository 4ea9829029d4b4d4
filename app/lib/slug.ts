/**
 * Slugs, the address part of a document or a post (/mloe/<slug>, /blog/<slug>): one rule for the
 * document library and the blog, used by their editors (browser hints, slug suggestion), their
 * server schemas and the viewers' routes. No dependencies: this ships to the admin editors.
 */
export const SLUG_MAX = 80;

/** Lowercase letters and digits in groups joined by single hyphens: "onboarding-checklist-2". */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** The same rule for the HTML pattern attribute (anchored by the browser). */
export const SLUG_PATTERN_HTML = "[a-z0-9]+(-[a-z0-9]+)*";

/** A slug suggested from a title: "Wi-Fi & VPN: Setup (2025)" → "wi-fi-vpn-setup-2025". */
export function slugify(title: string): string {
  return title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, SLUG_MAX)
    .replace(/-+$/, "");
}
