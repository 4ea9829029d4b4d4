/**
 * The server side of /admin/leads (the route module beside it): the page of leads its status,
 * owner, search and page in the address ask for, the count of each status for the same search and
 * owner, and the staff a lead can be assigned to, for the owner filter (docs/requirements/leads.md#leads).
 */

import { requireLeads } from "~/auth/session.server";
import { env } from "~/env.server";
import { serviceLabel } from "~/leads/contact-fields";
import { assignableStaff } from "~/leads/pipeline.server";
import { ownerIdOf, parseLeadQuery } from "~/leads/query";
import { countByStatus, listLeads } from "~/leads/store.server";
import { notificationsEnabled } from "~/leads/worker.server";
import { formatDateTime } from "~/lib/format-date";

import type { Route } from "./+types/leads";

// The layout's guard runs too, but every protected loader checks on its own.
export async function loader({ request, context }: Route.LoaderArgs) {
  const me = await requireLeads(context.services, request);
  const query = parseLeadQuery(new URL(request.url));
  const db = context.services.db;
  const ownerId = ownerIdOf(query.owner, me.user.id);
  const [list, counts, staff] = await Promise.all([
    listLeads(db, { q: query.q, status: query.status, ownerId, page: query.page }),
    countByStatus(db, { q: query.q, ownerId }),
    assignableStaff(db),
  ]);
  return {
    query: { ...query, page: list.page },
    total: list.total,
    pages: list.pages,
    counts,
    staff: staff.map((s) => ({ id: s.id, name: s.id === me.user.id ? `${s.name} (you)` : s.name })),
    notificationsOn: notificationsEnabled(env()),
    rows: list.rows.map((r) => ({
      id: r.id,
      received: formatDateTime(r.createdAt),
      receivedIso: r.createdAt.toISOString(),
      fullName: r.fullName,
      email: r.email,
      company: r.company,
      service: r.service ? serviceLabel(r.service) : "",
      status: r.status,
      owner: r.ownerId === me.user.id ? "You" : (r.ownerName ?? ""),
      spamReasons: (r.spamReasons ?? []).map((reason) => reason.text),
      notifyStatus: r.notifyStatus,
    })),
  };
}
