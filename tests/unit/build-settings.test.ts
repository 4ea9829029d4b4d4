/**
 * The SITE_URL a build was made with, and the check `npm start` makes against its own
 * (server/build-settings.ts, docs/requirements/operations.md#data-and-deployment).
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";

import { BUILD_SETTINGS_FILE, readBuildSettings, siteUrlMismatch, writeBuildSettings } from "../../server/build-settings";

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), "crossroads-build-settings-"));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("build settings", () => {
  it("reads back the SITE_URL the build wrote", () => {
    const dir = tempDir();
    writeBuildSettings(dir, { siteUrl: "https://www.example.com" });
    expect(readBuildSettings(dir)).toEqual({ siteUrl: "https://www.example.com" });
  });

  it("a build without the file, or with a broken one, is refused with a message saying to build again", () => {
    const dir = tempDir();
    expect(() => readBuildSettings(dir)).toThrow(/build-settings\.json is missing.*npm run build/);
    writeFileSync(path.join(dir, BUILD_SETTINGS_FILE), "{not json");
    expect(() => readBuildSettings(dir)).toThrow(/cannot be read.*npm run build/);
    writeFileSync(path.join(dir, BUILD_SETTINGS_FILE), JSON.stringify({ siteUrl: 42 }));
    expect(() => readBuildSettings(dir)).toThrow(/has no siteUrl/);
  });

  it("the same SITE_URL passes; another one gives a message naming both and how to fix it", () => {
    expect(siteUrlMismatch({ siteUrl: "https://www.example.com" }, "https://www.example.com")).toBeNull();
    const message = siteUrlMismatch({ siteUrl: "https://www.example.com" }, "https://staging.example.com");
    expect(message).toContain("SITE_URL is https://staging.example.com, but this build was made with SITE_URL=https://www.example.com");
    expect(message).toContain("Start with SITE_URL=https://www.example.com, or build again with SITE_URL=https://staging.example.com");
    // Another scheme or port is another origin too.
    expect(siteUrlMismatch({ siteUrl: "https://www.example.com" }, "http://www.example.com")).not.toBeNull();
    expect(siteUrlMismatch({ siteUrl: "https://www.example.com" }, "https://www.example.com:8443")).not.toBeNull();
  });
});
