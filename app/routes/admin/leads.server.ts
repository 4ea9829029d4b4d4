/**
 * The server side of /admin/leads (the route module beside it): the page of leads its filter,
 * search and page in the address ask for, and the count of open ones (docs/requirements/leads.md#leads).
 */

import { requireAdmin } from "~/auth/session.server";
import { env } from "~/env.server";
import { serviceLabel } from "~/leads/contact-fields";
import { parseLeadQuery } from "~/leads/query";
import { countOpen, listLeads } from "~/leads/store.server";
import { notificationsEnabled } from "~/leads/worker.server";
import { formatDateTime } from "~/lib/format-date";

import type { Route } from "./+types/leads";

// The layout's guard runs too, but every protected loader checks on its own.
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(context.services, request);
  const query = parseLeadQuery(new URL(request.url));
  const db = context.services.db;
  // The "Open" list without a search has counted the open leads already: one count per view.
  const openListed = query.status === "open" && !query.q;
  const [list, counted] = await Promise.all([listLeads(db, query), openListed ? null : countOpen(db)]);
  const open = counted ?? list.total;
  return {
    query: { ...query, page: list.page },
    total: list.total,
    pages: list.pages,
    open,
    notificationsOn: notificationsEnabled(env()),
    rows: list.rows.map((r) => ({
      id: r.id,
      received: formatDateTime(r.createdAt),
      receivedIso: r.createdAt.toISOString(),
      fullName: r.fullName,
      email: r.email,
      company: r.company,
      service: r.service ? serviceLabel(r.service) : "",
      handled: r.handledAt !== null,
      notifyStatus: r.notifyStatus,
    })),
  };
}
