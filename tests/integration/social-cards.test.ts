/**
 * A blog post's social card on both databases (docs/requirements/public-site.md#social-cards):
 * the card route finds the post's title in the blog's public copy; a draft or an unknown slug has
 * no card; a new title gives a new card (a new ETag, and the post's meta names the new address).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { parsePost, type PostValues } from "~/blog/post-schema";
import { createPost, updatePost } from "~/blog/posts.server";
import { invalidatePublicBlog } from "~/blog/public-cache.server";
import { socialCardPath } from "~/lib/social-card";
import { sitePathProblem } from "~/redirects/redirects.server";
import { loader } from "~/routes/public/social-card";
import type { AppServices } from "~/services.server";

import { backends, loadContext, openFreshDatabase, TEST_ORIGIN } from "./backends";

const values = (over: Partial<PostValues> = {}): PostValues => ({
  title: "Five backup mistakes small offices make",
  slug: "five-backup-mistakes",
  summary: "The backup habits that fail when a server dies, and the cheap fixes that make a restore work the first time.",
  body: "Text.",
  coverImage: "",
  coverAlt: "",
  authorName: "Dana Reyes",
  tags: "",
  ...over,
});
const input = (over: Partial<PostValues> = {}) => {
  const parsed = parsePost(values(over));
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  return parsed.data;
};

for (const backend of backends()) {
  describe.skipIf(backend.skip)(`a post's social card on ${backend.name}`, () => {
    let closeFresh = async () => {};
    let services: AppServices;
    beforeAll(async () => {
      closeFresh = await openFreshDatabase(backend, "cards");
      ({ services } = await loadContext());
    });
    afterAll(async () => {
      await closeFresh();
    });

    async function card(splat: string): Promise<Response> {
      const request = new Request(`${TEST_ORIGIN}/og/${splat}`);
      return (await loader({ request, params: { "*": splat }, context: await loadContext(request) } as Parameters<
        typeof loader
      >[0])) as Response;
    }

    it("answers a published post's card, not a draft's, and a new one when its title changes", async () => {
      const db = services.db;
      await createPost(db, input({ slug: "a-draft" }), { kind: "draft" }, null);
      const { id } = await createPost(db, input(), { kind: "now" }, null);
      invalidatePublicBlog();
      expect((await card("blog/a-draft.png")).status).toBe(404);
      expect((await card("blog/no-such-post.png")).status).toBe(404);

      const first = await card("blog/five-backup-mistakes.png");
      expect(first.status).toBe(200);
      expect(first.headers.get("Content-Type")).toBe("image/png");
      const address = socialCardPath("/blog/five-backup-mistakes", "Five backup mistakes small offices make");
      expect(first.headers.get("ETag")).toBe(`"${address.split("?v=")[1]}"`);
      const png = Buffer.from(await first.arrayBuffer());
      expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);

      await updatePost(db, id, input({ title: "Six backup mistakes small offices make" }), { kind: "now" }, null);
      const renamed = await card("blog/five-backup-mistakes.png");
      expect(renamed.status).toBe(200);
      const newAddress = socialCardPath("/blog/five-backup-mistakes", "Six backup mistakes small offices make");
      expect(newAddress).not.toBe(address);
      expect(renamed.headers.get("ETag")).toBe(`"${newAddress.split("?v=")[1]}"`);
    });

    it("keeps redirect rules out of the cards' folder (the card route answers there, a rule would never be used)", async () => {
      expect(await sitePathProblem(services.db, "/og/old-card.png")).toContain("/og");
    });
  });
}
