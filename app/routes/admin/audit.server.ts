/**
 * The server side of /admin/audit (the route module beside it).
 */
import { data } from "react-router";

import { AUDIT_PAGE_SIZE, auditHref, eventLabel, listAudit, outcomeLabel, parseAuditFilter } from "~/auth/audit-query.server";
import { AUDIT_EVENTS, AUDIT_RETENTION_DAYS } from "~/auth/audit.server";
import { requireSuperAdmin } from "~/auth/session.server";
import { browserName } from "~/lib/browser-name";
import { formatDateTime } from "~/lib/format-date";

import type { Route } from "./+types/audit";

/**
 * /admin/audit (docs/requirements/accounts.md#audit-log): the super-administrator reads the account events,
 * newest first, 50 a page, filtered by person, event and dates in the address (works without
 * JavaScript). Read only: the route has no action, so nothing here edits or deletes an entry.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireSuperAdmin(context.services, request);
  const parsed = parseAuditFilter(new URL(request.url));
  const events = Object.entries(AUDIT_EVENTS).map(([value, label]) => ({ value, label }));
  const common = { events, retentionDays: AUDIT_RETENTION_DAYS };
  if (!parsed.ok)
    return data(
      {
        ...common,
        error: parsed.message,
        values: parsed.values,
        rows: [],
        total: 0,
        more: false,
        first: 0,
        pages: 1,
        page: 1,
        exportHref: "",
        prevHref: "",
        nextHref: "",
      },
      { status: 400 },
    );
  const { filter } = parsed;
  const list = await listAudit(context.services.db, filter);
  return {
    ...common,
    error: null,
    values: { person: filter.person, event: filter.event ?? "", from: filter.from ?? "", to: filter.to ?? "" },
    total: list.total,
    more: list.more,
    first: (list.page - 1) * AUDIT_PAGE_SIZE + 1,
    pages: list.pages,
    page: list.page,
    exportHref: auditHref({ ...filter, page: 1 }, "/admin/audit.csv"),
    prevHref: list.page > 1 ? auditHref({ ...filter, page: list.page - 1 }) : "",
    nextHref: list.page < list.pages ? auditHref({ ...filter, page: list.page + 1 }) : "",
    rows: list.rows.map((r) => ({
      id: r.id,
      at: formatDateTime(r.at),
      atIso: r.at.toISOString(),
      event: eventLabel(r.event),
      outcome: r.outcome,
      outcomeLabel: outcomeLabel(r.outcome),
      detail: r.detail ?? "",
      actor: r.actorEmail ?? "",
      // A lead's events name the lead by its id (docs/requirements/leads.md#pipeline).
      target: r.targetEmail ?? (r.event.startsWith("lead-") && r.targetId ? `Lead ${r.targetId}` : ""),
      address: r.ipAddress ?? "",
      browser: browserName(r.userAgent),
      userAgent: r.userAgent ?? "",
    })),
  };
}
