/** How the studio's messages and legends count things: "one day", "3 FAQs", "an FAQ", "FAQ 3". */
import type { Noun } from "./field-types";

/** "one day", "3 points". */
export function countOf(count: number, noun: Noun): string {
  return count === 1 ? `one ${noun.one}` : `${count} ${noun.many}`;
}

/** "an office", "a point"; a noun that reads otherwise ("an FAQ") says so in `a`. */
export function withArticle(noun: Noun): string {
  return noun.a ?? `${/^[aeiou]/i.test(noun.one) ? "an" : "a"} ${noun.one}`;
}

/** "FAQ 3", "Office 1": a row's name, counted from 1. */
export function rowName(noun: Noun, index: number): string {
  return `${noun.one[0].toUpperCase()}${noun.one.slice(1)} ${index + 1}`;
}
