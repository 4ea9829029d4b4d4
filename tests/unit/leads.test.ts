/** The contact form's shared schema, the CSV export's escaping, reply times and mail headers. */
import { describe, expect, it } from "vitest";

import { seedFacts } from "~/config/site";
import { services } from "~/content/catalog";
import { parseEnv } from "~/env.server";
import { MESSAGE_MAX, SERVICE_OPTIONS, serviceLabel } from "~/leads/contact-fields";
import { keptValues, validateContact } from "~/leads/contact-schema";
import { buildLeadMessage, headerText, type LeadForMail } from "~/leads/mail.server";
import { parseLeadQuery } from "~/leads/query";
import { replyTime, replyTimeText } from "~/leads/reply-time";
import { csvCell, csvRow } from "~/lib/csv";

const valid = {
  full_name: "Dana Whitfield",
  email: "dana@whitfield-dental.example",
  company: "Whitfield Dental",
  message: "Our front-desk computers freeze every morning.",
};

describe("the contact schema (one for browser and server)", () => {
  it("accepts the required fields alone and fills form_type", () => {
    const result = validateContact(valid);
    expect(result.ok).toBe(true);
    if (result.ok) expect(result.data).toMatchObject({ ...valid, form_type: "contact" });
  });

  it("names each missing or wrong field with its own message", () => {
    const result = validateContact({ email: "not-an-address", message: "short", phone: "call me" });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(Object.keys(result.errors).sort()).toEqual(["company", "email", "full_name", "message", "phone"]);
    expect(result.errors.full_name).toBe("Enter your full name.");
    expect(result.errors.email).toMatch(/work e-mail/);
    expect(result.errors.message).toMatch(/at least 10 characters/);
    expect(result.errors.phone).toMatch(/phone number/);
  });

  it("keeps the message between 10 and 5,000 characters", () => {
    expect(validateContact({ ...valid, message: "x".repeat(MESSAGE_MAX) }).ok).toBe(true);
    const long = validateContact({ ...valid, message: "x".repeat(MESSAGE_MAX + 1) });
    expect(long.ok || long.errors.message).toMatch(/under 5,000/);
    expect(validateContact({ ...valid, message: "   nine ch   " }).ok).toBe(false);
  });

  it("offers the 12 services plus Not sure yet, and refuses anything else", () => {
    expect(SERVICE_OPTIONS).toHaveLength(services.length + 1);
    expect(SERVICE_OPTIONS.at(-1)).toEqual({ value: "not-sure", label: "Not sure yet" });
    expect(validateContact({ ...valid, service: "voip" }).ok).toBe(true);
    expect(validateContact({ ...valid, service: "<script>" }).ok).toBe(false);
    expect(validateContact({ ...valid, company_size: "9000" }).ok).toBe(false);
    expect(validateContact({ ...valid, referral_source: "tv" }).ok).toBe(false);
  });

  it("shows a stored service by its label (admin pages and the sales e-mail)", () => {
    expect(serviceLabel("voip")).toBe(services.find((s) => s.slug === "voip")!.name);
    expect(serviceLabel("not-sure")).toBe("Not sure yet");
    expect(serviceLabel("retired-service")).toBe("retired-service");
    expect(serviceLabel(null)).toBe("not given");
  });

  it("refuses control characters in one-line fields and NUL anywhere, keeps line breaks in the message", () => {
    expect(validateContact({ ...valid, full_name: "Dana\r\nBcc: x@evil.example" }).ok).toBe(false);
    expect(validateContact({ ...valid, message: "line one\nline two\0" }).ok).toBe(false);
    const ok = validateContact({ ...valid, message: "line one\r\nline two\n\tindented" });
    expect(ok.ok && ok.data.message).toBe("line one\nline two\n\tindented");
  });

  it("cleans the page-filled fields instead of refusing the visitor", () => {
    const result = validateContact({
      ...valid,
      utm_source: "news\u0000letter",
      utm_campaign: "x".repeat(500),
      landing_page: "//evil.example",
      form_type: "other",
    });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.data.utm_source).toBe("newsletter");
    expect(result.data.utm_campaign).toHaveLength(200);
    expect(result.data.landing_page).toBeUndefined();
    expect(result.data.form_type).toBe("contact");
  });

  it("keeps a referring site's host name (lower case) and drops anything else the page field carries", () => {
    const host = (referrer_host: string) => {
      const result = validateContact({ ...valid, referrer_host });
      expect(result.ok).toBe(true);
      return result.ok ? result.data.referrer_host : "refused";
    };
    expect(host("www.Google.com")).toBe("www.google.com");
    expect(host("xn--bcher-kva.example")).toBe("xn--bcher-kva.example");
    expect(host("evil\u0000.example")).toBe("evil.example"); // control characters go, as from every page field
    for (const bad of ["https://www.google.com/search?q=x", "evil.example/path", "a b.example", "x".repeat(254), "-bad.example", ""])
      expect(host(bad), bad).toBeUndefined();
  });

  it("refuses a NUL byte in every field the visitor types with the same plain message, before the field's format (PostgreSQL cannot store NUL)", () => {
    const all = { ...valid, phone: "(317) 555-0100", company_size: "1-9", service: "voip", referral_source: "search" };
    for (const field of ["full_name", "email", "phone", "company", "message"] as const) {
      const result = validateContact({ ...all, [field]: `${all[field].slice(0, 3)}\u0000${all[field].slice(3)}` });
      expect(result.ok, field).toBe(false);
      if (!result.ok) expect(result.errors, field).toEqual({ [field]: "Use letters, numbers and punctuation only." });
    }
    for (const field of ["company_size", "service", "referral_source"] as const) {
      const result = validateContact({ ...all, [field]: `${all[field]}\u0000` });
      expect(result.ok || Object.keys(result.errors), field).toEqual([field]);
    }
  });

  it("takes a well-formed submission id (lower case) and leaves out a missing or malformed one instead of refusing the form", () => {
    const id = "3F2504E0-4F89-41D3-9A0C-0305E82C3301";
    const ok = validateContact({ ...valid, submission_id: id });
    expect(ok.ok && ok.data.submission_id).toBe(id.toLowerCase());
    for (const bad of [undefined, "", "not-a-uuid", `${id}x`, "x".repeat(5000), new Blob(["x"])]) {
      const result = validateContact({ ...valid, submission_id: bad });
      expect(result.ok).toBe(true);
      if (result.ok) expect(result.data.submission_id).toBeUndefined();
    }
    expect(keptValues({ ...valid, submission_id: id }).submission_id).toBe(id.toLowerCase());
    expect(keptValues({ ...valid, submission_id: "<script>" }).submission_id).toBeUndefined();
  });

  it("refuses files and other non-text values in visible fields", () => {
    expect(validateContact({ ...valid, full_name: new Blob(["x"]) }).ok).toBe(false);
  });
});

describe("CSV cells", () => {
  it("quotes every field and doubles quotes (RFC 4180), CRLF between records", () => {
    expect(csvRow(["a", 'say "hi"', "x,y", "two\nlines", null, 3])).toBe('"a","say ""hi""","x,y","two\nlines","","3"\r\n');
  });

  it.each([
    '=HYPERLINK("http://evil")',
    "+1+1",
    "-2+3",
    "@SUM(A1)",
    "\tcmd",
    "\rcmd",
    "\ncmd",
    " =1+1",
    "\u00a0=1+1",
    "\u200b=1+1",
    "\ufeff=1+1",
    "\u202e=1+1",
    ";=1+1",
    '"=1+1',
    "|cmd",
    "%0A=1",
    "＝1+1",
    "＋1",
    "－1",
    "＠SUM(A1)",
  ])("neutralises the formula %j with a leading quote (leads, audit log and Insights tables alike)", (value) => {
    expect(csvCell(value).startsWith(`"'`)).toBe(true);
  });

  it("leaves ordinary text alone and writes dates as ISO", () => {
    expect(csvCell("Acme = good")).toBe('"Acme = good"');
    expect(csvCell(new Date("2026-01-02T03:04:05Z"))).toBe('"2026-01-02T03:04:05.000Z"');
  });
});

describe("when sales replies (the seed's hours: Mon–Fri 8AM–6PM, New York)", () => {
  const at = (iso: string) => replyTimeText(replyTime(new Date(iso), seedFacts.hours), seedFacts.hours);
  it("today during business hours, this morning before opening", () => {
    expect(at("2026-03-04T15:00:00Z")).toBe("today, before 6PM EST"); // Wed 10:00
    expect(at("2026-03-04T10:00:00Z")).toBe("this morning, after 8AM EST"); // Wed 05:00
  });
  it("the next business day after closing and over the weekend", () => {
    expect(at("2026-03-04T23:30:00Z")).toBe("tomorrow (Thursday) after 8AM EST"); // Wed 18:30
    expect(at("2026-03-06T23:30:00Z")).toBe("on Monday after 8AM EST"); // Fri 18:30
    expect(at("2026-03-08T15:00:00Z")).toBe("tomorrow (Monday) after 8AM EST"); // Sun
  });
});

describe("the sales e-mail", () => {
  const lead: LeadForMail = {
    id: "0b6c3c1e-8d1a-4c53-9d0e-3f1b2a4c5d6e",
    fullName: "Eve\r\nBcc: victim@example.com",
    email: "eve@example.com",
    phone: null,
    company: "Evil\nCo\u0007",
    companySize: "10-49",
    service: "voip",
    message: "Hello\r\nthere",
    referralSource: "search",
    utmSource: "google",
    utmMedium: null,
    utmCampaign: null,
    landingPage: "/?utm_source=google",
    referrerHost: "www.google.com",
    createdAt: new Date("2026-03-04T15:00:00Z"),
  };

  it("puts nothing typed by the visitor into a header with a line break or control character", () => {
    const message = buildLeadMessage(lead, {
      from: "no-reply@crossroadsit.example",
      to: "sales@crossroadsit.example",
      siteUrl: "https://www.crossroadsit.example",
    });
    expect(message.subject).toBe("New lead: Evil Co (Eve Bcc: victim@example.com)");
    expect(message.replyTo).toEqual({ name: "Eve Bcc: victim@example.com", address: "eve@example.com" });
    expect(message.text).toContain("https://www.crossroadsit.example/admin/leads/0b6c3c1e-8d1a-4c53-9d0e-3f1b2a4c5d6e");
    expect(message.text).toContain("VoIP");
    expect(message.text).toContain("10–49 people");
  });

  it("caps header text", () => {
    expect(headerText("x".repeat(500), 20)).toHaveLength(20);
  });
});

describe("settings and filters", () => {
  it("refuses SMTP_URL without SALES_EMAIL and the reverse, naming the missing one", () => {
    expect(() => parseEnv({ SMTP_URL: "smtp://mail.example.com:587" })).toThrow(/SALES_EMAIL: must be set together with SMTP_URL/);
    expect(() => parseEnv({ SALES_EMAIL: "sales@example.com" })).toThrow(/SMTP_URL: must be set together with SALES_EMAIL/);
    expect(parseEnv({ SMTP_URL: "smtp://mail.example.com:587", SALES_EMAIL: "sales@example.com" }).SALES_EMAIL).toBe("sales@example.com");
  });

  it("reads the list filter from the address, with safe defaults", () => {
    expect(parseLeadQuery(new URL("https://x.example/admin/leads"))).toEqual({ q: "", status: "all", owner: "", page: 1 });
    expect(parseLeadQuery(new URL("https://x.example/admin/leads?q=+acme+&status=qualified&owner=me&page=3"))).toEqual({
      q: "acme",
      status: "qualified",
      owner: "me",
      page: 3,
    });
    // An unknown status (an old ?status=open link, or anything typed) and owner are the defaults: every lead but spam, anyone's.
    expect(parseLeadQuery(new URL("https://x.example/admin/leads?status=drop&owner=%00x&page=-1"))).toEqual({
      q: "",
      status: "all",
      owner: "",
      page: 1,
    });
    expect(parseLeadQuery(new URL("https://x.example/admin/leads?status=SPAM&owner=NONE")).status).toBe("spam");
    const id = "0b6c3c1e-8d1a-4c53-9d0e-3f1b2a4c5d6e";
    expect(parseLeadQuery(new URL(`https://x.example/admin/leads?owner=${id.toUpperCase()}`)).owner).toBe(id);
  });
});
