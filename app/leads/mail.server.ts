/**
 * The sales notification of a new lead: a plain-text e-mail built from nodemailer's structured
 * fields (never by joining header strings), with anything the visitor typed that goes into a
 * header stripped of line breaks and control characters first.
 */
import type { SendMailOptions } from "nodemailer";

import { COMPANY_SIZES, REFERRAL_SOURCES, serviceLabel } from "./contact-fields";

export interface LeadForMail {
  id: string;
  fullName: string;
  email: string;
  phone: string | null;
  company: string;
  companySize: string | null;
  service: string | null;
  message: string;
  referralSource: string | null;
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
  landingPage: string | null;
  referrerHost: string | null;
  createdAt: Date;
}

// eslint-disable-next-line no-control-regex
const HEADER_UNSAFE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g;

/** One line of text safe to put in a header: no CR, LF or other control characters, capped. */
export function headerText(value: string, max = 120): string {
  const text = value.replace(HEADER_UNSAFE, " ").replace(/\s+/g, " ").trim();
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

const labelOf = (options: readonly { value: string; label: string }[], value: string | null) =>
  value ? (options.find((o) => o.value === value)?.label ?? value) : "not given";

export function leadDetails(lead: LeadForMail): [string, string][] {
  return [
    ["Name", lead.fullName],
    ["E-mail", lead.email],
    ["Phone", lead.phone ?? "not given"],
    ["Company", lead.company],
    ["Company size", labelOf(COMPANY_SIZES, lead.companySize)],
    ["Service", serviceLabel(lead.service)],
    ["Heard about us", labelOf(REFERRAL_SOURCES, lead.referralSource)],
    ["utm_source", lead.utmSource ?? ""],
    ["utm_medium", lead.utmMedium ?? ""],
    ["utm_campaign", lead.utmCampaign ?? ""],
    ["Landing page", lead.landingPage ?? ""],
    ["Referring site", lead.referrerHost ?? ""],
    ["Received", lead.createdAt.toISOString()],
  ];
}

export function buildLeadMessage(lead: LeadForMail, options: { from: string; to: string; siteUrl: string }): SendMailOptions {
  const link = `${options.siteUrl}/admin/leads/${lead.id}`;
  const details = leadDetails(lead)
    .filter(([, value]) => value !== "")
    .map(([label, value]) => `${`${label}:`.padEnd(16)}${value}`)
    .join("\n");
  const text = `A new request came in through the contact form.\n\n${details}\n\nMessage:\n${lead.message}\n\nOpen it to take it on (Assign to me) and set its status: ${link}\n`;
  return {
    from: options.from,
    to: options.to,
    // Replying answers the visitor. Their address passed the form's e-mail check; the name is cleaned.
    replyTo: { name: headerText(lead.fullName, 80), address: lead.email },
    subject: headerText(`New lead: ${lead.company} (${lead.fullName})`, 150),
    text,
    headers: { "X-Lead-Id": lead.id },
    // The lead id makes the Message-ID stable, so a resend after a crash is recognisable.
    messageId: `<lead-${lead.id}@${new URL(options.siteUrl).hostname}>`,
  };
}
