/**
 * The CSV exports read their keyset batches along an index, with no sort (ADR 018): a batch costs
 * the same at the first entry and at the millionth. The count of each lead status beside the leads
 * list reads the (status, created_at, id) index, not the table. The leads search reads the trigram index of the searched
 * text (docs/requirements/leads.md#leads). Checked on the plan each database makes for the app's own
 * queries, with sequential scans turned off so that a small table does not hide which index could
 * serve it.
 */
import { sql, type SQLWrapper } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { auditExportBatch, auditPageQuery, parseAuditFilter, type AuditFilter } from "~/auth/audit-query.server";
import type { Database } from "~/db/client.server";
import { auditLog, leads } from "~/db/schema.server";
import { countByStatus, countByStatusQuery, leadsCountQuery, leadsExportBatch } from "~/leads/store.server";

import { backends, loadContext, openFreshDatabase } from "./backends";

/** Every node of an EXPLAIN (FORMAT JSON) plan: its type, and the index it reads ("Index Scan on leads_open_idx"). */
function nodeTypes(plan: unknown): string[] {
  if (Array.isArray(plan)) return plan.flatMap(nodeTypes);
  if (plan === null || typeof plan !== "object") return [];
  const node = plan as Record<string, unknown>;
  const type =
    typeof node["Node Type"] === "string"
      ? `${node["Node Type"]}${typeof node["Index Name"] === "string" ? ` on ${node["Index Name"]}` : ""}`
      : null;
  return [...(type ? [type] : []), ...Object.values(node).flatMap(nodeTypes)];
}

async function planOf(db: Database, query: SQLWrapper): Promise<string[]> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    const result = (await tx.execute(sql`explain (format json) ${query}`)) as unknown as { rows: Record<string, unknown>[] };
    const cell = Object.values(result.rows[0]!)[0];
    return nodeTypes(typeof cell === "string" ? JSON.parse(cell) : cell);
  });
}

for (const backend of backends()) {
  describe.skipIf(backend.skip)(`export batches on ${backend.name}`, () => {
    let closeFresh = async () => {};
    let db: Database;
    let auditMiddle = "";
    let leadMiddle = "";

    beforeAll(async () => {
      closeFresh = await openFreshDatabase(backend, "export-plans");
      ({ db } = (await loadContext()).services);
      const at = (i: number) => new Date(Date.UTC(2026, 0, 1) + i * 60_000);
      const entries = await db
        .insert(auditLog)
        .values(
          Array.from({ length: 400 }, (_, i) => ({
            event: "sign-in",
            outcome: "success",
            actorEmail: `p${i}@crossroadsit.example`,
            at: at(i),
          })),
        )
        .returning({ id: auditLog.id });
      auditMiddle = entries[200]!.id;
      const stored = await db
        .insert(leads)
        .values(
          Array.from({ length: 400 }, (_, i) => ({
            fullName: `Person ${i}`,
            email: `p${i}@example.com`,
            company: "Co",
            message: "A message long enough.",
            createdAt: at(i),
            // Most leads are won or lost; the new ones are few, a few are spam.
            status: i % 10 === 0 ? ("new" as const) : i % 10 === 1 ? ("spam" as const) : i % 2 ? ("won" as const) : ("lost" as const),
          })),
        )
        .returning({ id: leads.id });
      leadMiddle = stored[200]!.id;
      await db.execute(sql`analyze`);
    });

    afterAll(async () => {
      await closeFresh();
    });

    it("a batch of the audit log export is read along an index, without sorting", async () => {
      const parsed = parseAuditFilter(new URL("https://x.example/admin/audit.csv"));
      expect(parsed.ok).toBe(true);
      const filter = (parsed as { filter: AuditFilter }).filter;
      for (const after of [undefined, auditMiddle]) {
        const nodes = await planOf(db, auditExportBatch(db, filter, after, 50));
        expect(
          nodes.filter((n) => /Sort/.test(n)),
          `after ${after ?? "the start"}: ${nodes.join(" > ")}`,
        ).toEqual([]);
        expect(nodes.some((n) => /Index/.test(n))).toBe(true);
      }
    });

    it("the audit log's person filter reads the e-mail indexes (who acted, on whom), not the whole log", async () => {
      const parsed = parseAuditFilter(new URL("https://x.example/admin/audit?person=P12"));
      const filter = (parsed as { filter: AuditFilter }).filter;
      const nodes = await planOf(db, auditPageQuery(db, filter, 1));
      const plan = nodes.join(" > ");
      expect(
        nodes.some((n) => / on audit_log_actor_email_idx$/.test(n)),
        plan,
      ).toBe(true);
      expect(
        nodes.some((n) => / on audit_log_target_email_idx$/.test(n)),
        plan,
      ).toBe(true);
      const rows = await auditPageQuery(db, filter, 1);
      expect(rows.map((r) => r.actorEmail).sort()).toEqual(
        ["p12", ...Array.from({ length: 10 }, (_, i) => `p12${i}`)].map((p) => `${p}@crossroadsit.example`).sort(),
      );
    });

    it("the count of each status reads the (status, created_at, id) index, not the table", async () => {
      const nodes = await planOf(db, countByStatusQuery(db, {}));
      expect(
        nodes.some((n) => / on leads_status_created_at_id_idx$/.test(n)),
        nodes.join(" > "),
      ).toBe(true);
      expect(await countByStatus(db, {})).toEqual({ new: 40, contacted: 0, qualified: 0, won: 160, lost: 160, spam: 40, all: 360 });
    });

    it("the leads search reads the trigram index of the searched text, not the table", async () => {
      // The count every search runs. (On 400 leads the page's 25 rows come as cheaply from walking
      // the (created_at, id) index; on 100,000 a rare term reads the trigram index there too: ADR 018.)
      for (const q of ["Person 12", "P12@EXAMPLE", "whole"]) {
        const nodes = await planOf(db, leadsCountQuery(db, { q }));
        const plan = `"${q}": ${nodes.join(" > ")}`;
        expect(nodes, plan).toContain("Bitmap Index Scan on leads_search_trgm_idx");
        expect(
          nodes.filter((n) => /^Seq Scan/.test(n)),
          plan,
        ).toEqual([]);
      }
      // Person 12 and Person 120 to 129 but 121 (spam, out of the list); one e-mail; no lead; every lead but spam.
      expect((await leadsCountQuery(db, { q: "person 12" }))[0]!.total).toBe(10);
      expect((await leadsCountQuery(db, { q: "P12@EXAMPLE" }))[0]!.total).toBe(1);
      expect((await leadsCountQuery(db, { q: "whole" }))[0]!.total).toBe(0);
      expect((await leadsCountQuery(db, { q: "MESSAGE LONG" }))[0]!.total).toBe(360);
      expect((await leadsCountQuery(db, { q: "person 12", status: "spam" }))[0]!.total).toBe(1);
    });

    it("a batch of the leads export is read along an index, without sorting", async () => {
      for (const after of [undefined, leadMiddle]) {
        const nodes = await planOf(db, leadsExportBatch(db, { q: "", status: "all" }, after, 50));
        expect(
          nodes.filter((n) => /Sort/.test(n)),
          `after ${after ?? "the start"}: ${nodes.join(" > ")}`,
        ).toEqual([]);
        expect(nodes.some((n) => /Index/.test(n))).toBe(true);
      }
    });
  });
}
