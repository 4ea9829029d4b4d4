/**
 * The leads list's filter in its URL (?q=&status=&owner=&page=), shared by the list and the CSV
 * export (docs/requirements/leads.md#leads). `status`: all (every lead but spam, the default), one
 * status of the pipeline, or spam (the Spam view). `owner`: anyone (absent), me, none (nobody owns
 * it), or a staff member's id.
 */
import { choice, parseListSearch } from "~/lib/list-search";

import { LEAD_STATUSES, STATUS_LABELS } from "./pipeline";

export const LEAD_FILTERS = ["all", ...LEAD_STATUSES] as const;
export type LeadFilter = (typeof LEAD_FILTERS)[number];
export const FILTER_LABELS: Record<LeadFilter, string> = { all: "All but spam", ...STATUS_LABELS };

/** "" anyone, "me", "none" nobody, or a user id (lower case). */
export type OwnerFilter = string;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Leads per page of the list. */
export const PAGE_SIZE = 25;

export interface LeadListQuery {
  q: string;
  status: LeadFilter;
  owner: OwnerFilter;
  page: number;
}

/** The owner filter of the address: anything but me, none or an id reads as anyone. */
export function parseOwner(value: string | null): OwnerFilter {
  const text = value?.trim().toLowerCase() ?? "";
  return text === "me" || text === "none" || UUID.test(text) ? text : "";
}

/** The owner filter as the store reads it: undefined anyone, null nobody, or an id ("me": the signed-in person's, `me`). */
export const ownerIdOf = (owner: OwnerFilter, me: string): string | null | undefined =>
  owner === "" ? undefined : owner === "none" ? null : owner === "me" ? me : owner;

export function parseLeadQuery(url: URL): LeadListQuery {
  const { q, page } = parseListSearch(url);
  return {
    q,
    status: choice(url.searchParams.get("status")?.trim().toLowerCase() ?? null, LEAD_FILTERS, "all"),
    owner: parseOwner(url.searchParams.get("owner")),
    page,
  };
}

/** The list's (or the export's) address for a filter; defaults left out. */
export function leadListHref(query: { q: string; status: LeadFilter; owner?: OwnerFilter; page?: number }, base = "/admin/leads"): string {
  const params = new URLSearchParams();
  if (query.q) params.set("q", query.q);
  if (query.status !== "all") params.set("status", query.status);
  if (query.owner) params.set("owner", query.owner);
  if (query.page && query.page > 1) params.set("page", String(query.page));
  const search = params.toString();
  return search ? `${base}?${search}` : base;
}
