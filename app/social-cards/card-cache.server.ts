/**
 * The social cards this process has made (docs/requirements/public-site.md#social-cards, ADR 033):
 * kept in memory by the page and the hash of the text on the card, at most `maxEntries` of them
 * and `maxBytes` in all (the least recently served go first). A card is made once however many
 * requests ask for it at once (one render in flight per key), and at most `concurrency` cards are
 * made at the same time whatever the number of keys: a crawler opening every page's card at once
 * queues, it does not exhaust the memory or the CPU.
 */
import type { SocialCardText } from "./card-kind";

export interface CardCacheOptions {
  render: (text: SocialCardText) => Promise<Buffer>;
  maxEntries: number;
  maxBytes: number;
  concurrency: number;
}

export interface CardCacheStats {
  entries: number;
  bytes: number;
  renders: number;
  hits: number;
  /** Renders running now, and waiting for a turn. */
  running: number;
  waiting: number;
}

export interface CardCache {
  /** The card's PNG: from memory, from the render in flight for the same key, or made now. */
  get(key: string, text: SocialCardText): Promise<{ png: Buffer; cached: boolean }>;
  stats(): CardCacheStats;
  clear(): void;
}

export function createCardCache(options: CardCacheOptions): CardCache {
  const entries = new Map<string, Buffer>();
  const inFlight = new Map<string, Promise<Buffer>>();
  const queue: (() => void)[] = [];
  let bytes = 0;
  let running = 0;
  let renders = 0;
  let hits = 0;

  async function turn<T>(work: () => Promise<T>): Promise<T> {
    if (running >= options.concurrency) await new Promise<void>((resolve) => queue.push(resolve));
    else running++;
    try {
      return await work();
    } finally {
      // The slot passes straight to the next in line (running stays counted), or is freed.
      const next = queue.shift();
      if (next) next();
      else running--;
    }
  }

  function keep(key: string, png: Buffer) {
    if (png.length > options.maxBytes) return;
    entries.set(key, png);
    bytes += png.length;
    for (const [oldest, old] of entries) {
      if (entries.size <= options.maxEntries && bytes <= options.maxBytes) break;
      entries.delete(oldest);
      bytes -= old.length;
    }
  }

  return {
    async get(key, text) {
      const kept = entries.get(key);
      if (kept) {
        // Most recently served last: a Map iterates in insertion order.
        entries.delete(key);
        entries.set(key, kept);
        hits++;
        return { png: kept, cached: true };
      }
      let made = inFlight.get(key);
      if (!made) {
        made = turn(async () => {
          renders++;
          return options.render(text);
        });
        inFlight.set(key, made);
        made.then(
          (png) => {
            inFlight.delete(key);
            keep(key, png);
          },
          () => inFlight.delete(key),
        );
      }
      return { png: await made, cached: false };
    },
    stats: () => ({ entries: entries.size, bytes, renders, hits, running, waiting: queue.length }),
    clear() {
      entries.clear();
      bytes = 0;
    },
  };
}
