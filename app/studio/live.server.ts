/**
 * The content a request sees (docs/requirements/content-studio.md, ADR 029): the published content
 * this process holds in memory, or, for signed-in staff with `?preview=<item id>`, the same with
 * that item's draft in place.
 *
 * The process loads every item's published data at start (seeding what a fresh install lacks),
 * then again whenever any process publishes: the publishing transaction notifies CONTENT_CHANNEL
 * (PostgreSQL LISTEN/NOTIFY, or the embedded database's own), and a lost listening connection
 * reloads once it is back. Listeners (`onChange`: the server's rendered pages) run after each
 * reload. Every process also publishes scheduled drafts whose time has come (the store's row lock
 * makes each one published once).
 */
import { createHash } from "node:crypto";
import type { AppLoadContext } from "react-router";

import { recordAudit } from "~/auth/audit.server";
import { PREVIEW_PARAM } from "~/config/private-paths";
import { seedContent } from "~/content/seed";
import type { SiteContent } from "~/content/site-content";
import type { Database } from "~/db/client.server";

import { itemOfPage, sharedItemsOfPage } from "./codec";
import { contentProblems, crossItemErrors } from "./cross-item";
import { CONTENT_CHANNEL, getItem, publishDue, publishedContent, seedItems, type DuePublication, type NewItem } from "./store.server";

/**
 * When a public page last changed: the latest publication of its own item, the business facts' (on
 * every page) and the testimonials' (on the pages that may show them).
 */
export function pageLastModified(content: ContentService, path: string): Date | undefined {
  let latest: Date | undefined;
  for (const id of ["facts", itemOfPage(path), ...sharedItemsOfPage(path)]) {
    const at = id ? content.publishedAt(id) : undefined;
    if (at && (!latest || at > latest)) latest = at;
  }
  return latest;
}

export interface ContentService {
  /** The published content, as this process holds it. */
  published(): SiteContent;
  /** When each item was last published (for sitemap.xml's lastmod). */
  publishedAt(id: string): Date | undefined;
  /** Grows with every load of the published content in this process: what is made from it is made again when it changes. */
  generation(): number;
  /** What this request sees: the published content, or a preview of one item's draft (staff only). */
  forRequest(request: Request): Promise<SiteContent>;
}

/** How the live content reads and writes items: app/studio/content-types.ts. */
export interface ItemCodec {
  /** Every item of a content value. */
  items(content: SiteContent): NewItem[];
  /** `content` with the item replaced by `data`, or null when `data` does not match its schema (or the id is unknown). */
  withItem(content: SiteContent, id: string, data: unknown): SiteContent | null;
}

export interface LiveContent extends ContentService {
  /** Runs `listener` after every reload with the new content; returns the function that removes it. */
  onChange(listener: (content: SiteContent) => void | Promise<void>): () => void;
  /** Reads the published content again (what a notification does). */
  reload(): Promise<void>;
  /** Publishes what is due now (what the timer does every `schedulePollMs`). */
  publishDue(): Promise<DuePublication[]>;
  close(): Promise<void>;
}

export interface LiveContentOptions {
  db: Database;
  listen?: (channel: string, onNotify: (payload: string) => void, onResume?: () => void) => Promise<() => Promise<void>>;
  codec: ItemCodec;
  /** Throws the answer (a redirect to sign-in, a 403) when the request may not preview drafts. */
  guardPreview: (request: Request) => Promise<void>;
  /** How often scheduled drafts are looked for (0: never, as in tests that call publishDue). */
  schedulePollMs?: number;
  log?: Pick<Console, "log" | "error">;
}

/** Whether a URL asks for a preview (such an answer is private and never stored, app/lib/private-caching.ts). */
export const isPreviewUrl = (url: URL): boolean => url.searchParams.has(PREVIEW_PARAM);

export async function openLiveContent(options: LiveContentOptions): Promise<LiveContent> {
  const { db, codec, log = console } = options;
  const seed = seedContent();
  await seedItems(db, codec.items(seed));

  let current = seed;
  let dates = new Map<string, Date>();
  let generation = 0;
  const listeners = new Set<(content: SiteContent) => void | Promise<void>>();

  const seedData = new Map(codec.items(seed).map((item) => [item.id, item.data]));

  function mended(content: SiteContent, cityId: string): SiteContent {
    const slug = cityId.slice("city/".length) as keyof SiteContent["cities"];
    let cities = content.cities;
    let officeId = cities[slug].officeId;
    if (!seed.facts.offices.some((o) => o.id === officeId)) {
      cities = { ...cities, [slug]: seed.cities[slug] };
      officeId = seed.cities[slug].officeId;
    }
    const office = seed.facts.offices.find((o) => o.id === officeId);
    const offices =
      content.facts.offices.some((o) => o.id === officeId) || !office ? content.facts.offices : [...content.facts.offices, office];
    return { ...content, cities, facts: { ...content.facts, offices } };
  }

  async function load(): Promise<void> {
    const rows = await publishedContent(db);
    let content = seed;
    const nextDates = new Map<string, Date>();
    for (const row of rows) {
      const next = codec.withItem(content, row.id, row.published);
      if (next) {
        content = next;
        nextDates.set(row.id, row.publishedAt);
      } else if (seedData.has(row.id))
        log.error(`Content item "${row.id}" in the database does not match its schema: the site shows its seed.`);
    }
    // A rule across items broken (an office gone that a city page names): the page gets the
    // seed's office back (or, for an office the seed never had, its seed copy), so that every page
    // still renders (app/studio/cross-item.ts).
    for (const problem of contentProblems(content)) {
      log.error(`Content item "${problem.id}": ${problem.message} The site shows the seed's office for it.`);
      content = mended(content, problem.id);
    }
    current = content;
    dates = nextDates;
    generation++;
    for (const listener of listeners) {
      try {
        await listener(content);
      } catch (error) {
        log.error("A content listener failed:", error instanceof Error ? error.message : error);
      }
    }
  }

  // One reload at a time; notifications during one make one more after it.
  let running: Promise<void> | null = null;
  let again = false;
  function reload(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      try {
        do {
          again = false;
          await load();
        } while (again);
      } finally {
        running = null;
      }
    })();
    return running;
  }

  await load();
  const onNotify = () => {
    reload().catch((error: unknown) => log.error("Content reload failed:", error instanceof Error ? error.message : error));
  };
  const stopListening = options.listen ? await options.listen(CONTENT_CHANNEL, onNotify, onNotify) : async () => {};

  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  // A scheduled draft that would break a rule across items is not published (it stays a draft).
  const fits = (id: string, data: unknown) => {
    const next = codec.withItem(current, id, data);
    return next !== null && Object.keys(crossItemErrors(id, next)).length === 0;
  };
  const due = async (): Promise<DuePublication[]> => {
    try {
      const done = await publishDue(db, fits);
      for (const p of done) {
        if (p.version === null)
          log.error(`The scheduled change of "${p.id}" was not published: it breaks a rule across items (it stays a draft).`);
        await recordAudit(db, {
          event: p.version === null ? "content-schedule-cancelled" : "content-published",
          outcome: p.version === null ? "refused" : "success",
          actor: p.byId ? { id: p.byId } : null,
          detail: p.version === null ? `${p.id}: breaks a rule across items` : `${p.id} version ${p.version} (scheduled)`,
        });
      }
      return done;
    } catch (error) {
      if (!stopped) log.error("Publishing scheduled content failed:", error instanceof Error ? error.message : error);
      return [];
    }
  };
  if (options.schedulePollMs) {
    const tick = () => {
      timer = setTimeout(() => {
        void due().finally(() => {
          if (!stopped) tick();
        });
      }, options.schedulePollMs);
      timer.unref();
    };
    tick();
  }

  return {
    published: () => current,
    publishedAt: (id) => dates.get(id),
    generation: () => generation,
    async forRequest(request) {
      const url = new URL(request.url);
      const id = url.searchParams.get(PREVIEW_PARAM);
      if (id === null) return current;
      await options.guardPreview(request);
      const row = await getItem(db, id);
      if (!row) return current;
      return codec.withItem(current, id, row.draft ?? row.published) ?? current;
    },
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    reload,
    publishDue: due,
    async close() {
      stopped = true;
      clearTimeout(timer);
      await stopListening();
      await running?.catch(() => {});
    },
  };
}

/** A content service that serves the seed: scripts and tests without a database. */
export function seedContentService(): ContentService {
  const content = seedContent();
  return { published: () => content, publishedAt: () => undefined, generation: () => 0, forRequest: async () => content };
}

let seed: SiteContent | undefined;

/**
 * The content a loader renders from: `await siteContent(request, context)`. Without services (a
 * render without a load context), the seed.
 */
export function siteContent(request: Request, context: AppLoadContext): Promise<SiteContent> {
  if (!context?.services) return Promise.resolve((seed ??= seedContent()));
  return context.services.content.forRequest(request);
}

const factsKeys = new WeakMap<SiteContent["facts"], string>();

/**
 * A short hash of the business facts (the root loader's `factsKey`): made once per published
 * content (the facts object is the same until the next reload), not at every request.
 */
export function factsKeyOf(facts: SiteContent["facts"]): string {
  let key = factsKeys.get(facts);
  if (key === undefined) {
    key = createHash("sha1").update(JSON.stringify(facts)).digest("base64url").slice(0, 8);
    factsKeys.set(facts, key);
  }
  return key;
}
