/**
 * The contact form under load and under garbage, over HTTP against the test server: every
 * accepted submission is stored exactly once, no body makes the server fail (5xx), and nothing
 * stored breaks the form's schema. Each request comes from its own address (X-Forwarded-For,
 * trusted by the test server), so the per-address rate limit does not interfere.
 */
import { FIELDS as FORM_FIELDS } from "../../app/leads/contact-fields";
import { validateContact } from "../../app/leads/contact-schema";
import { E2E_ORIGIN } from "./config";
import { expect, test } from "./fixtures";
import { nextAddress, runConcurrently } from "./helpers";
import { leadsMatching, runMarker, VALID } from "./leads-helpers";

test("500 submissions from 50 concurrent clients store exactly 500 leads", async ({ browser }) => {
  test.setTimeout(120_000);
  const marker = runMarker("load");
  const statuses = await runConcurrently(500, 50, async (i) => {
    const response = await fetch(`${E2E_ORIGIN}/contact`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": nextAddress() },
      body: new URLSearchParams({ ...VALID, company: `${marker} #${i}` }),
    });
    await response.arrayBuffer();
    return response.status;
  });
  expect(statuses.filter((s) => s !== 200)).toEqual([]);
  const stored = await leadsMatching(browser, marker);
  expect(stored).toHaveLength(500);
  expect(new Set(stored.map((l) => l.company)).size).toBe(500);
});

/** mulberry32: a small seeded generator, so a failing run can be repeated. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The form's fields, fuzzed (the submission id and form time are left to the form: fuzzing them tests nothing new). */
const FIELDS = FORM_FIELDS.filter((f) => f !== "submission_id" && f !== "form_time");
/** What a stored lead keeps of them, checked again by the shared schema. */
const STORED_FIELDS = FIELDS.filter((f) => f !== "form_type");

interface Fuzzed {
  path: string;
  headers: Record<string, string>;
  body: string | Uint8Array | FormData;
  honeypot: boolean;
}

function fuzzer(seed: number, marker: string) {
  const rnd = random(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(rnd() * items.length)];
  const oddValues = [
    "",
    "   ",
    "<script>alert(document.cookie)</script>",
    '"><img src=x onerror=alert(1)>',
    "'; drop table leads; --",
    "\u0000\u0001\u0002",
    "line\r\nBcc: victim@example.com",
    "\u202eevil\u202c",
    "😀".repeat(50),
    "x".repeat(5001),
    "y".repeat(60_000),
    "12345",
    "true",
    "null",
    '{"$gt":""}',
    "%00",
    "../../etc/passwd",
    "=cmd|' /C calc'!A0",
  ];
  const goodValues: Record<string, string[]> = {
    full_name: ["Dana Whitfield", "Zoë O'Brien-Łukasz", "<b>Bold</b> Name"],
    email: ["dana@whitfield-dental.example", "a@b.co", "not-an-email", "x@y"],
    phone: ["(317) 555-0199", "+1 317 555 0100 ext 12", "555"],
    company: [`${marker}`, `${marker} <script>x</script>`, `${marker} =SUM(A1)`],
    company_size: ["1-9", "250+", "9000"],
    service: ["voip", "not-sure", "nope"],
    message: [VALID.message, "Hello <script>alert(1)</script> we need help with e-mail.", "short", "Tab\tand\nnew lines are fine here."],
    referral_source: ["search", "event", "tv"],
    form_type: ["contact", "admin"],
    utm_source: ["google", "x\u0007y"],
    utm_medium: ["cpc"],
    utm_campaign: ["spring"],
    landing_page: ["/?utm_source=google", "https://evil.example", "//evil.example"],
  };
  const value = (field: string) => {
    const r = rnd();
    if (r < 0.55) return pick(goodValues[field] ?? [""]);
    const odd = pick(oddValues);
    // Visible text keeps the marker in front, so stored leads can be found; the rest is garbage.
    return field === "company" ? `${marker}${odd}` : odd;
  };
  return (): Fuzzed => {
    const path = rnd() < 0.25 ? "/contact" : "/contact.data";
    const kind = rnd();
    const params = new URLSearchParams();
    for (const field of FIELDS) {
      if (rnd() < 0.15) continue; // missing field
      params.append(field, value(field));
      if (rnd() < 0.05) params.append(field, value(field)); // the same field twice
    }
    if (rnd() < 0.1) params.append(`x${Math.floor(rnd() * 1000)}`, pick(oddValues)); // unknown fields
    const honeypot = rnd() < 0.05;
    if (honeypot) params.append("website", "http://spam.example");
    if (kind < 0.7) return { path, headers: { "content-type": "application/x-www-form-urlencoded" }, body: params.toString(), honeypot };
    if (kind < 0.78) {
      // Broken percent-encoding and raw bytes.
      const bytes = new Uint8Array(Math.floor(rnd() * 2000));
      for (let i = 0; i < bytes.length; i++) bytes[i] = Math.floor(rnd() * 256);
      const text = `full_name=%ZZ%&message=%E0%A4%A&company=${marker}%FF&`;
      return { path, headers: { "content-type": "application/x-www-form-urlencoded" }, body: rnd() < 0.5 ? text : bytes, honeypot: false };
    }
    if (kind < 0.86) {
      // The same fields as JSON or plain text: not a form.
      return {
        path,
        headers: { "content-type": pick(["application/json", "text/plain", "application/xml"]) },
        body: JSON.stringify(Object.fromEntries(params)),
        honeypot: false,
      };
    }
    if (kind < 0.94) {
      // Multipart, sometimes with a file where text belongs.
      const form = new FormData();
      for (const [k, v] of params) form.append(k, v);
      if (rnd() < 0.5) form.set("full_name", new Blob(["%PDF-1.4 fake"], { type: "application/pdf" }), "cv.pdf");
      return { path, headers: {}, body: form, honeypot };
    }
    if (kind < 0.97) return { path, headers: {}, body: "", honeypot: false }; // no body, no type
    // Far over the size limit.
    return {
      path,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: `message=${"z".repeat(300_000)}`,
      honeypot: false,
    };
  };
}

/** The CSV's formula guard prefixes a quote; take it off to compare with what was submitted. */
const unguard = (value: string) => (/^'[=+\-@\t\r]/.test(value) ? value.slice(1) : value);

test("2,000 fuzzed bodies: no 5xx, and every stored lead is one the schema accepts", async ({ browser }) => {
  test.setTimeout(180_000);
  const marker = runMarker("fuzz");
  const seed = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
  const next = fuzzer(seed, marker);
  const answers = await runConcurrently(2000, 20, async () => {
    const fuzzed = next();
    const response = await fetch(`${E2E_ORIGIN}${fuzzed.path}`, {
      method: "POST",
      headers: { ...fuzzed.headers, "x-forwarded-for": nextAddress() },
      body: fuzzed.body as BodyInit,
    });
    await response.arrayBuffer();
    return { status: response.status, honeypot: fuzzed.honeypot, path: fuzzed.path };
  });
  const failures = answers.filter((a) => a.status >= 500);
  expect(failures, `FUZZ_SEED=${seed}`).toEqual([]);
  const accepted = answers.filter((a) => a.status === 200 && !a.honeypot).length;
  expect(accepted, "some fuzzed bodies are valid and must be stored").toBeGreaterThan(0);
  expect(answers.some((a) => a.status === 400)).toBe(true);
  expect(answers.some((a) => a.status === 413)).toBe(true);

  const stored = await leadsMatching(browser, marker);
  expect(stored.length, `FUZZ_SEED=${seed}`).toBe(accepted);
  for (const lead of stored) {
    const fields = Object.fromEntries(STORED_FIELDS.map((k) => [k, unguard(lead[k] ?? "")]).filter(([, v]) => v !== ""));
    const checked = validateContact(fields);
    expect(checked.ok, `${JSON.stringify(lead).slice(0, 300)} FUZZ_SEED=${seed}`).toBe(true);
    expect(lead.company.includes(marker)).toBe(true);
  }
});
