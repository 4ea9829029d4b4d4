/**
 * Social cards (docs/requirements/public-site.md#social-cards, ADR 033): what the card says, its
 * picture, its address, the cache and the route's answers to every kind of path.
 */
import { describe, expect, it } from "vitest";

import { site } from "~/config/site";
import { seedContent } from "~/content/seed";
import type { SiteContent } from "~/content/site-content";
import type { Database } from "~/db/client.server";
import { socialCardPath } from "~/lib/social-card";
import { createCardCache } from "~/social-cards/card-cache.server";
import { pagePathOfCard, SOCIAL_CARD_PATH_MAX, socialCardText, type SocialCardText } from "~/social-cards/card-kind";
import { renderSocialCard, socialCardSvg } from "~/social-cards/render.server";
import { SOCIAL_CARD_CACHE_CONTROL, SOCIAL_CARD_UNVERSIONED_CACHE_CONTROL, socialCardResponse } from "~/social-cards/social-cards.server";

/** The width and height a PNG's IHDR chunk declares (bytes 16-23, after the signature and the chunk's length and type). */
function pngSize(png: Buffer): { width: number; height: number } {
  expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  expect(png.subarray(12, 16).toString("ascii")).toBe("IHDR");
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

/** What the SVG says, its words joined (satori writes one <text> per word and space). */
const svgText = (svg: string) => [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]).join("");

const LONG_TITLE =
  "Why every ten-person dental office in Indianapolis needs a written backup plan, tested twice a year, before the ransomware arrives on a Monday";

describe("the card's text (app/social-cards/card-kind.ts) and address (app/lib/social-card.ts)", () => {
  it("says the page's title without the brand around it, its kind and the brand", () => {
    expect(socialCardText("/", `${site.brand} | Managed IT Services in Indiana & Tennessee`)).toEqual({
      title: "Managed IT Services in Indiana & Tennessee",
      kind: "Home",
      brand: site.brand,
    });
    expect(socialCardText("/services/voip", "VoIP Phone Systems")?.kind).toBe("Service");
    expect(socialCardText("/industries/healthcare", "IT for Healthcare")?.kind).toBe("Industry");
    expect(socialCardText("/indianapolis-it-support", "IT Support in Indianapolis")?.kind).toBe("City");
    expect(socialCardText("/blog/five-backup-mistakes", "Five backup mistakes")?.kind).toBe("Blog post");
    expect(socialCardText("/auth/login", "Sign in")).toBeNull();
  });

  it("gives a new address when the title changes, and the same one for the same title", () => {
    expect(socialCardPath("/services/voip", "VoIP")).toBe(socialCardPath("/services/voip", "VoIP"));
    expect(socialCardPath("/services/voip", "VoIP")).not.toBe(socialCardPath("/services/voip", "Cloud phones"));
    expect(socialCardPath("/services/voip", "VoIP")).not.toBe(socialCardPath("/services/sip", "VoIP"));
    expect(socialCardPath("/", "Home")).toMatch(/^\/og\/index\.png\?v=[0-9a-z]+$/);
  });

  it("reads no page from a hostile card path", () => {
    expect(pagePathOfCard("services/voip.png")).toBe("/services/voip");
    expect(pagePathOfCard("index.png")).toBe("/");
    for (const hostile of [
      `${"a".repeat(10_000)}.png`,
      `services/${"a".repeat(SOCIAL_CARD_PATH_MAX)}.png`,
      "services/vo\0ip.png",
      "../services/voip.png",
      "services/../about.png",
      "services//voip.png",
      "Services/VoIP.png",
      "services/voip",
      "services/voip.png.png",
      ".png",
      "admin/users.png",
      "blog/a%2Fb.png",
    ])
      expect(pagePathOfCard(hostile), hostile.slice(0, 40)).toBeNull();
  });
});

describe("the card's picture (app/social-cards/render.server.tsx)", () => {
  const text: SocialCardText = { title: "VoIP Phone Systems", kind: "Service", brand: site.brand };

  it("lays out the title, the kind and the brand, then makes a 1200×630 PNG", async () => {
    const said = svgText(await socialCardSvg(text, { textAsText: true }));
    expect(said).toContain("VoIP Phone Systems");
    expect(said).toContain("SERVICE");
    expect(said).toContain(site.brand);
    expect(pngSize(await renderSocialCard(text))).toEqual({ width: 1200, height: 630 });
  });

  it("clamps a long title to three lines ending in an ellipsis, and drops emoji the font cannot draw", async () => {
    const said = svgText(await socialCardSvg({ ...text, title: LONG_TITLE }, { textAsText: true }));
    expect(said).toContain("Why every ten-person dental office");
    expect(said).toContain("…");
    expect(said).not.toContain("Monday");
    expect(svgText(await socialCardSvg({ ...text, title: "Backups 🚀 that work" }, { textAsText: true }))).toContain("Backups that work");
  });
});

describe("the card cache (app/social-cards/card-cache.server.ts)", () => {
  const text = (title: string): SocialCardText => ({ title, kind: "Page", brand: site.brand });
  function counting(delayMs = 5) {
    let running = 0;
    const seen = { renders: 0, mostAtOnce: 0 };
    const render = async (t: SocialCardText) => {
      seen.renders++;
      running++;
      seen.mostAtOnce = Math.max(seen.mostAtOnce, running);
      await new Promise((resolve) => setTimeout(resolve, delayMs));
      running--;
      return Buffer.from(`png of ${t.title}`);
    };
    return { render, seen };
  }

  it("serves a card it has from memory, the same bytes, without rendering it again", async () => {
    const { render, seen } = counting();
    const cache = createCardCache({ render, maxEntries: 10, maxBytes: 1000, concurrency: 2 });
    const first = await cache.get("/about\nh1", text("About"));
    const second = await cache.get("/about\nh1", text("About"));
    expect(first.cached).toBe(false);
    expect(second).toEqual({ png: first.png, cached: true });
    expect(seen.renders).toBe(1);
  });

  it("renders a card once for 20 requests at once, and at most `concurrency` cards at a time", async () => {
    const { render, seen } = counting(20);
    const cache = createCardCache({ render, maxEntries: 100, maxBytes: 100_000, concurrency: 2 });
    const same = await Promise.all(Array.from({ length: 20 }, () => cache.get("/faq\nh", text("FAQ"))));
    expect(seen.renders).toBe(1);
    expect(new Set(same.map((a) => a.png)).size).toBe(1);
    await Promise.all(Array.from({ length: 20 }, (_, i) => cache.get(`/p${i}\nh`, text(`Page ${i}`))));
    expect(seen.renders).toBe(21);
    expect(seen.mostAtOnce).toBe(2);
    expect(cache.stats()).toMatchObject({ running: 0, waiting: 0 });
  });

  it("keeps at most maxEntries and maxBytes, dropping the least recently served", async () => {
    const { render } = counting(0);
    const cache = createCardCache({ render, maxEntries: 2, maxBytes: 1000, concurrency: 1 });
    await cache.get("a", text("A"));
    await cache.get("b", text("B"));
    await cache.get("a", text("A")); // a is now the most recent
    await cache.get("c", text("C"));
    expect(cache.stats().entries).toBe(2);
    expect((await cache.get("a", text("A"))).cached).toBe(true);
    expect((await cache.get("b", text("B"))).cached).toBe(false);
    const small = createCardCache({ render, maxEntries: 10, maxBytes: 20, concurrency: 1 });
    await small.get("a", text("A")); // "png of A": 8 bytes
    await small.get("b", text("B"));
    await small.get("c", text("C"));
    expect(small.stats()).toMatchObject({ entries: 2, bytes: 16 });
  });

  it("renders again after a failed render, and the failure reaches every waiting request", async () => {
    let calls = 0;
    const cache = createCardCache({
      render: async () => {
        calls++;
        if (calls === 1) throw new Error("font missing");
        return Buffer.from("ok");
      },
      maxEntries: 2,
      maxBytes: 100,
      concurrency: 1,
    });
    const failed = await Promise.allSettled([cache.get("k", text("K")), cache.get("k", text("K"))]);
    expect(failed.map((r) => r.status)).toEqual(["rejected", "rejected"]);
    expect((await cache.get("k", text("K"))).png.toString()).toBe("ok");
  });
});

describe("the card route's answers (app/social-cards/social-cards.server.ts)", () => {
  // The blog's paths read the database; the others never do.
  const db = {} as Database;
  const origin = "http://cards.test";
  function setup() {
    let renders = 0;
    const cache = createCardCache({
      render: async (t) => {
        renders++;
        return renderSocialCard(t);
      },
      maxEntries: 20,
      maxBytes: 10_000_000,
      concurrency: 2,
    });
    const get = (splat: string, content: SiteContent, headers: Record<string, string> = {}) =>
      socialCardResponse(new Request(`${origin}/og/${splat}`, { headers }), splat.replace(/\?.*$/, ""), content, db, cache);
    return { get, renders: () => renders };
  }

  it("answers a page's card at its meta's address: a 1200×630 PNG, cached for a year, with an ETag and a 304", async () => {
    const content = seedContent();
    const { get } = setup();
    const address = socialCardPath("/services/voip", content.services.voip.title);
    const response = await get(address.slice("/og/".length), content);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("image/png");
    expect(response.headers.get("Cache-Control")).toBe(SOCIAL_CARD_CACHE_CONTROL);
    const etag = response.headers.get("ETag")!;
    expect(etag).toBe(`"${address.split("?v=")[1]}"`);
    expect(pngSize(Buffer.from(await response.arrayBuffer()))).toEqual({ width: 1200, height: 630 });
    expect((await get("services/voip.png", content, { "If-None-Match": etag })).status).toBe(304);
    // Without the current version (an old share): the current card, for a short while.
    const unversioned = await get("services/voip.png?v=old", content);
    expect(unversioned.headers.get("Cache-Control")).toBe(SOCIAL_CARD_UNVERSIONED_CACHE_CONTROL);
    expect(unversioned.headers.get("ETag")).toBe(etag);
  });

  it("makes a new card, with a new ETag, when a publication changes the title", async () => {
    const content = seedContent();
    const { get, renders } = setup();
    const before = await get("services/voip.png", content);
    const published: SiteContent = {
      ...content,
      services: { ...content.services, voip: { ...content.services.voip, title: "Cloud Phones" } },
    };
    const after = await get("services/voip.png", published);
    expect(after.headers.get("ETag")).not.toBe(before.headers.get("ETag"));
    expect(after.headers.get("ETag")).toBe(`"${socialCardPath("/services/voip", "Cloud Phones").split("?v=")[1]}"`);
    expect(Buffer.from(await after.arrayBuffer()).equals(Buffer.from(await before.arrayBuffer()))).toBe(false);
    expect(renders()).toBe(2);
  });

  it("renders a card once for 20 requests at once, and serves it again from memory", async () => {
    const { get, renders } = setup();
    const content = seedContent();
    const answers = await Promise.all(Array.from({ length: 20 }, () => get("about.png", content)));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    const bodies = await Promise.all(answers.map(async (a) => Buffer.from(await a.arrayBuffer())));
    expect(bodies.every((b) => b.equals(bodies[0]!))).toBe(true);
    expect(renders()).toBe(1);
    const again = await get("about.png", content);
    expect(Buffer.from(await again.arrayBuffer()).equals(bodies[0]!)).toBe(true);
    expect(renders()).toBe(1);
  });

  it("answers 404, rendering nothing, for a path that is no public page", async () => {
    const { get, renders } = setup();
    const content = seedContent();
    for (const splat of [
      "services/no-such-service.png",
      "industries/nope.png",
      "nowhere-it-support.png",
      "admin/users.png",
      "services/voip/extra.png",
      `${"a".repeat(10_000)}.png`,
      "services/vo\0ip.png",
      "../../etc/passwd.png",
      "services/voip.jpg",
    ]) {
      const response = await get(splat, content);
      expect(response.status, splat.slice(0, 40)).toBe(404);
      expect(response.headers.get("Cache-Control")).toBe("no-store");
    }
    expect(renders()).toBe(0);
  });
});
