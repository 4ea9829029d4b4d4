/**
 * Whether a contact-form submission is spam (docs/requirements/leads.md#spam): a few checks, each
 * with its points and the sentence staff read on the lead. A submission with SPAM_THRESHOLD points
 * or more is stored as Spam: not e-mailed, not in the list, listed under Spam with its reasons, and
 * one "Not spam" away from the pipeline. Conservative on purpose: a check that a real request could
 * meet (a message in Russian, one SEO phrase, a form without its time stamp) is worth less than the
 * threshold, so it never decides alone. Pure: the server runs it (app/leads/submit.server.ts) and
 * the unit tests read it.
 */
import type { SpamReason } from "~/db/schema.server";

export type { SpamReason };

/** Points at which a submission is spam. */
export const SPAM_THRESHOLD = 3;
/** The time trap's default: sent sooner than this after the form was shown is a script (CONTACT_MIN_SECONDS). */
export const DEFAULT_MIN_FILL_SECONDS = 3;

/** What the time trap found (app/leads/form-time.server.ts). */
export type FormTimeCheck = { kind: "ok"; elapsedMs: number } | { kind: "missing" } | { kind: "invalid" };

export interface SpamInput {
  full_name: string;
  company: string;
  message: string;
  /** The honeypot as posted (undefined: not posted). */
  honeypot: unknown;
  formTime: FormTimeCheck;
  /** 0 turns the time trap off. */
  minFillSeconds: number;
}

export interface SpamVerdict {
  spam: boolean;
  score: number;
  /** Every check that counted, with its points (what is stored drops the points). */
  reasons: (SpamReason & { points: number })[];
}

/** A link: an address that starts with a scheme or www. A bare domain ("acme.com") is a company name as often as a link. */
const LINK = /\b(?:https?:\/\/|www\.)[^\s<>"']+/gi;
/** Link markup of forum spam: BBCode or an HTML anchor. */
const LINK_MARKUP = /\[(?:url|link)\s*=|<a\s[^>]*href\s*=/i;
/** Phrases of SEO and marketing pitches; each found counts once. */
const PITCH = [
  /\bseo\b[^.!?\n]{0,40}\b(?:services?|agency|experts?|company|packages?|audit|specialists?)\b/i,
  /\b(?:first|1st|top) page (?:of|on|in) google\b/i,
  /\bback ?links?\b/i,
  /\bguest post(?:s|ing)?\b/i,
  /\bdomain authority\b/i,
  /\b(?:increase|boost|improve|double)\b[^.!?\n]{0,30}\b(?:organic traffic|website traffic|search rankings?|google rankings?)\b/i,
  /\b(?:rank|ranking) (?:your|ur) (?:website|site)\b/i,
];
/** Words of the oldest spam, never in a request for IT services. */
const KNOWN_BAD = /\b(?:viagra|cialis|casino|porn|escort service|forex signals?|binary options|crypto(?:currency)? investment)\b/i;

const links = (text: string) => text.match(LINK) ?? [];
const normalised = (text: string) => text.trim().replace(/\s+/g, " ").toLowerCase();

function cyrillicShare(text: string): { letters: number; share: number } {
  const letters = text.match(/\p{L}/gu)?.length ?? 0;
  const cyrillic = text.match(/\p{Script=Cyrillic}/gu)?.length ?? 0;
  return { letters, share: letters ? cyrillic / letters : 0 };
}

const seconds = (ms: number) => (ms < 10_000 ? (ms / 1000).toFixed(1) : String(Math.round(ms / 1000)));

/** The checks, in the order staff read their reasons. */
export function judgeSubmission(input: SpamInput): SpamVerdict {
  const reasons: SpamVerdict["reasons"] = [];
  const add = (code: string, points: number, text: string) => reasons.push({ code, points, text });

  if (input.honeypot !== undefined && !(typeof input.honeypot === "string" && input.honeypot.trim() === "")) {
    add("honeypot", 3, "The hidden “website” field, which people never see, was filled in.");
  }

  const time = input.formTime;
  if (time.kind === "ok" && input.minFillSeconds > 0 && time.elapsedMs < input.minFillSeconds * 1000) {
    add(
      "too-fast",
      3,
      `Sent ${seconds(Math.max(0, time.elapsedMs))} s after the form was shown; a person takes at least ${input.minFillSeconds} s.`,
    );
  } else if (time.kind !== "ok") {
    add(
      "no-form-time",
      1,
      time.kind === "missing"
        ? "The form's time stamp was missing: it was not sent from this site's form, or from a copy older than the time trap."
        : "The form's time stamp was not one this site made.",
    );
  }

  const { full_name: name, company, message } = input;
  if (links(name).length && links(company).length && links(message).length) {
    add("links-everywhere", 3, "The name, the company and the message all hold links.");
  }
  if (normalised(name) === normalised(company) && normalised(company) === normalised(message)) {
    add("identical-fields", 3, "The name, the company and the message are the same text.");
  }

  const messageLinks = links(message);
  if (messageLinks.length && message.replace(LINK, "").replace(/[\s.,;:!?()[\]-]/g, "") === "") {
    add("links-only", 2, "The message is nothing but links.");
  }
  if (messageLinks.length >= 3) add("many-links", 2, `The message holds ${messageLinks.length} links.`);
  if (LINK_MARKUP.test(message)) add("link-markup", 2, "The message holds link markup ([url=…] or <a href>) as forum spam does.");

  const { letters, share } = cyrillicShare(message);
  if (letters >= 10 && share > 0.5) add("cyrillic", 2, "The message is written mostly in Cyrillic letters.");

  const pitches = PITCH.filter((pattern) => pattern.test(`${company}\n${message}`)).length;
  if (pitches > 0) {
    add(
      "pitch",
      pitches >= 2 ? 3 : 2,
      pitches >= 2
        ? `The message reads like an SEO or marketing pitch (${pitches} of its usual phrases).`
        : "The message has a phrase of SEO or marketing pitches.",
    );
  }
  if (KNOWN_BAD.test(`${name}\n${company}\n${message}`))
    add("known-bad", 2, "The request names what only spam offers (pharmacy, casino, forex and the like).");

  const score = reasons.reduce((sum, r) => sum + r.points, 0);
  return { spam: score >= SPAM_THRESHOLD, score, reasons };
}
