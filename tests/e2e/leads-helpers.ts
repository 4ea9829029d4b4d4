/** Helpers of the contact-form and leads browser tests. */
import { E2E_USERS } from "./config";
import { expect, signIn, type Browser, type Page } from "./fixtures";
import { randomClientAddress } from "./helpers";

export const VALID = {
  full_name: "Dana Whitfield",
  email: "dana@whitfield-dental.example",
  company: "Whitfield Dental",
  message: "Our front-desk computers freeze every morning and the backup has not run in a week.",
};

/** A marker unique to one test run, to find its own leads in a shared database. */
export const runMarker = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}`;

/** Parses RFC 4180 CSV (quoted fields, doubled quotes, CRLF records) into rows of cells. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  const body = text.replace(/^\uFEFF/, "");
  for (let i = 0; i < body.length; i++) {
    const c = body[i];
    if (quoted) {
      if (c === '"' && body[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") {
      row.push(cell);
      cell = "";
    } else if (c === "\r" && body[i + 1] === "\n") {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
      i++;
    } else cell += c;
  }
  if (cell || row.length) rows.push([...row, cell]);
  return rows;
}

/** CSV rows as objects keyed by the header row. */
export function csvRecords(text: string): Record<string, string>[] {
  const [header, ...rows] = parseCsv(text);
  return rows.map((r) => Object.fromEntries(header.map((h, i) => [h, r[i]])));
}

/** The leads matching `q` (every one but spam, or those of `status`), read through the admin CSV export by a signed-in admin. */
export async function leadsMatching(browser: Browser, q: string, status = "all"): Promise<Record<string, string>[]> {
  const context = await browser.newContext({ extraHTTPHeaders: { "x-forwarded-for": randomClientAddress() } });
  try {
    const page = await context.newPage();
    await signIn(page, E2E_USERS.admin);
    const response = await page.request.get(`/admin/leads.csv?status=${status}&q=${encodeURIComponent(q)}`);
    expect(response.status()).toBe(200);
    return csvRecords(await response.text());
  } finally {
    await context.close();
  }
}

/** Fills the contact form's fields that are given. */
export async function fillContactForm(page: Page, fields: Partial<Record<keyof typeof VALID | "phone", string>>): Promise<void> {
  const labels: Record<string, string> = {
    full_name: "Full name",
    email: "Work e-mail",
    phone: "Phone",
    company: "Company",
    message: "How can we help?",
  };
  for (const [field, value] of Object.entries(fields)) {
    await page.getByLabel(labels[field], { exact: field === "company" }).fill(value);
  }
}
