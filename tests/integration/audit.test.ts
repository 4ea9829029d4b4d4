/**
 * Reading the audit log and keeping it one year (docs/requirements/accounts.md#audit-log), on both databases:
 * filters, pages, the export's batches, and the server's deletion of entries past retention.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { AUDIT_PAGE_SIZE, auditForExport, listAudit, parseAuditFilter, type AuditFilter } from "~/auth/audit-query.server";
import { AUDIT_RETENTION_DAYS, recordAudit } from "~/auth/audit.server";
import { CLIENT_IP_HEADER } from "~/auth/config";
import { pruneAuditLog, startAuthMaintenance } from "~/auth/maintenance.server";
import { auditLog } from "~/db/schema.server";
import type { AppServices } from "~/services.server";

import { backends, loadContext, openFreshDatabase } from "./backends";

const DAY = 24 * 60 * 60_000;
const filter = (search: string): AuditFilter => {
  const parsed = parseAuditFilter(new URL(`https://www.crossroadsit.example/admin/audit${search}`));
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.filter;
};

for (const backend of backends()) {
  describe.skipIf(backend.skip)(`audit log on ${backend.name}`, () => {
    let closeFresh = async () => {};
    let services: AppServices;

    beforeAll(async () => {
      closeFresh = await openFreshDatabase(backend, "audit");
      ({ services } = await loadContext());
      const db = services.db;
      const request = new Request("https://www.crossroadsit.example/", {
        headers: { [CLIENT_IP_HEADER]: "203.0.113.5", "user-agent": "Mozilla/5.0 (X11; Linux x86_64) Firefox/128.0" },
      });
      await recordAudit(db, {
        event: "role-granted",
        outcome: "success",
        actor: { email: "Boss@crossroadsit.example" },
        target: { email: "tech@crossroadsit.example" },
        request,
        detail: "admin",
      });
      await recordAudit(db, {
        event: "sign-in",
        outcome: "failure",
        target: { email: "tech@crossroadsit.example" },
        request,
        detail: "password",
      });
      for (let i = 0; i < 60; i++)
        await recordAudit(db, { event: "sign-in", outcome: "success", actor: { email: `bulk-${i}@crossroadsit.example` }, request });
      // Dated entries for the date filter and for retention.
      await db.insert(auditLog).values([
        { event: "sign-out", outcome: "success", actorEmail: "dated@crossroadsit.example", at: new Date("2026-01-15T15:00:00Z") },
        { event: "sign-out", outcome: "success", actorEmail: "dated@crossroadsit.example", at: new Date("2026-01-16T04:30:00Z") }, // Jan 15, 11:30 PM in Indianapolis
        { event: "sign-out", outcome: "success", actorEmail: "dated@crossroadsit.example", at: new Date("2026-01-16T05:30:00Z") },
      ]);
    });

    afterAll(async () => {
      await closeFresh();
    });

    it("lists newest first, 50 a page, and finds a person as actor or target, whatever the case", async () => {
      const db = services.db;
      const first = await listAudit(db, filter(""));
      expect(first.total).toBe(65);
      expect(first.more).toBe(false);
      expect(first.rows).toHaveLength(AUDIT_PAGE_SIZE);
      expect(first.pages).toBe(2);
      const times = first.rows.map((r) => r.at.getTime());
      expect([...times].sort((a, b) => b - a)).toEqual(times);
      const second = await listAudit(db, filter("?page=2"));
      expect(second.rows).toHaveLength(15);
      expect(new Set([...first.rows, ...second.rows].map((r) => r.id)).size).toBe(65);
      // A page past the end shows the last one.
      expect((await listAudit(db, filter("?page=99"))).page).toBe(2);

      const tech = await listAudit(db, filter("?person=TECH@"));
      expect(tech.rows.map((r) => r.event).sort()).toEqual(["role-granted", "sign-in"]);
      const boss = await listAudit(db, filter("?person=boss"));
      expect(boss.rows).toHaveLength(1);
      expect(boss.rows[0]).toMatchObject({ actorEmail: "boss@crossroadsit.example", ipAddress: "203.0.113.5", detail: "admin" });
      // % and _ are plain characters in a search.
      expect((await listAudit(db, filter("?person=%25"))).total).toBe(0);
      expect((await listAudit(db, filter("?person=bulk-1_"))).total).toBe(0);
    });

    it("counts no further than its cap: beyond it the list says so and its pages stop there", async () => {
      const db = services.db;
      const exact = await listAudit(db, filter(""), { countCap: 65 });
      expect(exact).toMatchObject({ total: 65, more: false, pages: 2 });
      const capped = await listAudit(db, filter(""), { countCap: 60 });
      expect(capped).toMatchObject({ total: 60, more: true, pages: 2 });
      expect((await listAudit(db, filter("?page=3"), { countCap: 50 })).page).toBe(1);
      // The filter still applies before the cap.
      expect(await listAudit(db, filter("?person=boss"), { countCap: 60 })).toMatchObject({ total: 1, more: false });
    });

    it("filters by event and by calendar days in the office's time zone", async () => {
      const db = services.db;
      expect((await listAudit(db, filter("?event=role-granted"))).total).toBe(1);
      expect((await listAudit(db, filter("?event=sign-in&person=tech"))).rows[0]).toMatchObject({ outcome: "failure" });
      const jan15 = await listAudit(db, filter("?from=2026-01-15&to=2026-01-15"));
      expect(jan15.rows.every((r) => r.actorEmail === "dated@crossroadsit.example")).toBe(true);
      expect(jan15.total).toBe(2);
      expect((await listAudit(db, filter("?from=2026-01-16&person=dated"))).total).toBe(1);
      expect((await listAudit(db, filter("?to=2026-01-14"))).total).toBe(0);
    });

    it("exports every entry of a filter in batches, newest first, none twice", async () => {
      const db = services.db;
      const ids: string[] = [];
      for await (const batch of auditForExport(db, filter(""), 7)) ids.push(...batch.map((r) => r.id));
      expect(ids).toHaveLength(65);
      expect(new Set(ids).size).toBe(65);
      const only: string[] = [];
      for await (const batch of auditForExport(db, filter("?event=role-granted"), 7)) only.push(...batch.map((r) => r.event));
      expect(only).toEqual(["role-granted"]);
    });

    it("deletes entries older than the retention period, at start and then periodically, and keeps the rest", async () => {
      const db = services.db;
      const now = Date.now();
      await db.insert(auditLog).values([
        {
          event: "sign-in",
          outcome: "success",
          actorEmail: "old@crossroadsit.example",
          at: new Date(now - (AUDIT_RETENTION_DAYS + 1) * DAY),
        },
        {
          event: "sign-in",
          outcome: "success",
          actorEmail: "recent@crossroadsit.example",
          at: new Date(now - (AUDIT_RETENTION_DAYS - 1) * DAY),
        },
      ]);
      const logged: string[] = [];
      const maintenance = startAuthMaintenance(db, {
        log: (line: string) => logged.push(line),
        error: (line: string) => logged.push(line),
      });
      await maintenance.stop(); // waits for the run at start
      const left = await listAudit(db, filter("?person=old@"));
      expect(left.total).toBe(0);
      expect((await listAudit(db, filter("?person=recent@"))).total).toBe(1);
      expect(logged).toEqual([`Audit log: deleted 1 entries older than ${AUDIT_RETENTION_DAYS} days`]);
      expect(await pruneAuditLog(db)).toBe(0);
    });
  });
}
