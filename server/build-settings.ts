/**
 * What a build was made with, where a server started on it can compare (docs/requirements/operations.md#data-and-deployment).
 * The public pages are prerendered at build time with SITE_URL in their canonical links, Open
 * Graph tags and JSON-LD, while sitemap.xml, robots.txt and the pages rendered per request use the
 * SITE_URL of the running server. `npm run build` records its SITE_URL in build/build-settings.json
 * (react-router.config.ts, `buildEnd`); `npm start` refuses to start with another one, so a site
 * never names two origins. `npm run dev` prerenders nothing and does not check.
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

/** The file in the build folder (beside client/ and server/; not among the files served). */
export const BUILD_SETTINGS_FILE = "build-settings.json";

export interface BuildSettings {
  /** SITE_URL when the pages were prerendered (normalised as the server's env schema does). */
  siteUrl: string;
}

export function writeBuildSettings(buildDir: string, settings: BuildSettings): void {
  writeFileSync(path.join(buildDir, BUILD_SETTINGS_FILE), `${JSON.stringify(settings, null, 2)}\n`);
}

/** The build's settings; throws with a readable message when the file is missing or unreadable. */
export function readBuildSettings(buildDir: string): BuildSettings {
  const file = path.join(buildDir, BUILD_SETTINGS_FILE);
  if (!existsSync(file))
    throw new Error(`${file} is missing: this build is incomplete or older than this server. Run "npm run build" again.`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, "utf8"));
  } catch (error) {
    throw new Error(`${file} cannot be read (${error instanceof Error ? error.message : String(error)}). Run "npm run build" again.`, {
      cause: error,
    });
  }
  const siteUrl = (parsed as { siteUrl?: unknown } | null)?.siteUrl;
  if (typeof siteUrl !== "string" || siteUrl === "") throw new Error(`${file} has no siteUrl. Run "npm run build" again.`);
  return { siteUrl };
}

/** Null when the running SITE_URL is the build's; otherwise the message that names both. */
export function siteUrlMismatch(built: BuildSettings, runtimeSiteUrl: string): string | null {
  if (built.siteUrl === runtimeSiteUrl) return null;
  return (
    `SITE_URL is ${runtimeSiteUrl}, but this build was made with SITE_URL=${built.siteUrl}: its prerendered pages name ` +
    `${built.siteUrl} in their canonical links, Open Graph tags and JSON-LD, while sitemap.xml and the pages rendered ` +
    `per request would name ${runtimeSiteUrl}. Start with SITE_URL=${built.siteUrl}, or build again with SITE_URL=${runtimeSiteUrl}.`
  );
}
