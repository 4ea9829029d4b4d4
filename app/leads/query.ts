/** The leads list's filter in its URL (?q=&status=&page=), shared by the list and the CSV export. */
import { choice, parseListSearch } from "~/lib/list-search";

export const LEAD_FILTERS = ["open", "handled", "all"] as const;
export type LeadFilter = (typeof LEAD_FILTERS)[number];
/** Leads per page of the list. */
export const PAGE_SIZE = 25;

export interface LeadListQuery {
  q: string;
  status: LeadFilter;
  page: number;
}

export function parseLeadQuery(url: URL): LeadListQuery {
  const { q, page } = parseListSearch(url);
  return { q, status: choice(url.searchParams.get("status"), LEAD_FILTERS, "open"), page };
}

/** The list's (or the export's) address for a filter; defaults left out. */
export function leadListHref(query: { q: string; status: LeadFilter; page?: number }, base = "/admin/leads"): string {
  const params = new URLSearchParams();
  if (query.q) params.set("q", query.q);
  if (query.status !== "open") params.set("status", query.status);
  if (query.page && query.page > 1) params.set("page", String(query.page));
  const search = params.toString();
  return search ? `${base}?${search}` : base;
}
