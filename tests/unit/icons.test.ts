import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

import { allIconNames } from "~/components/ui/icon-names";

const sprite = readFileSync("app/assets/icons.svg", "utf8");
const symbolIds = [...sprite.matchAll(/<symbol id="([^"]+)"/g)].map((m) => m[1]);

describe("icon sprite", () => {
  it("has a symbol for every icon name the site can use, and no stray ones", () => {
    expect([...symbolIds].sort()).toEqual([...allIconNames].sort());
  });

  it("every symbol draws something", () => {
    for (const m of sprite.matchAll(/<symbol id="([^"]+)"[^>]*>(.*?)<\/symbol>/g)) {
      expect(m[2], m[1]).toMatch(/<(path|rect|circle|line|polyline|polygon|ellipse)\b/);
    }
  });
});
