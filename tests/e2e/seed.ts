/**
 * Creates the browser tests' accounts in a fresh data folder, before the test server starts. The
 * administrators and editors get two-factor sign-in (required for them, docs/requirements/accounts.md#two-factor-sign-in);
 * their secrets go to TOTP_SECRETS_FILE, from which the tests compute codes (two-factor.ts).
 */
import { writeFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";

import { auth } from "../../app/auth/auth.server";
import { createStaffUser } from "../../app/auth/users.server";
import { closeDatabase, initDatabase } from "../../app/db/client.server";
import { env } from "../../app/env.server";
import { signInCookie, turnOnTwoFactor } from "../two-factor";
import { E2E_USERS, TOTP_SECRETS_FILE } from "./config";

const { db } = await initDatabase({ databaseUrl: env().DATABASE_URL, dataDir: env().DATA_DIR });

const instance = await auth();
const secrets: Record<string, string> = {};
for (const user of Object.values(E2E_USERS)) {
  await createStaffUser({ db, auth: instance }, user);
  if (!user.admin && !user.editor) continue;
  const { secret } = await turnOnTwoFactor(instance, await signInCookie(instance, user.email, user.password), user.password);
  secrets[user.email] = secret;
}
// A long audit log for the export tests: E2E_SEED_AUDIT_ENTRIES entries over the last 300 days.
const auditEntries = Number(process.env.E2E_SEED_AUDIT_ENTRIES ?? 0);
if (auditEntries > 0) {
  await db.execute(sql`insert into audit_log (at, event, outcome, actor_email, ip_address, detail)
    select now() - (i * interval '1 minute') * (300 * 24 * 60) / ${auditEntries}, 'sign-in', 'failure',
      'guess' || (i % 97) || '@example.com', '10.0.' || (i % 250) || '.' || (i % 199), 'Seeded entry ' || i
    from generate_series(1, ${auditEntries}) i`);
}
// In the data folder the server uses (E2E_DATA_DIR for the browser tests: TOTP_SECRETS_FILE).
writeFileSync(path.join(env().DATA_DIR, path.basename(TOTP_SECRETS_FILE)), JSON.stringify(secrets, null, 2), { mode: 0o600 });
await closeDatabase();
console.log(`Seeded ${Object.keys(E2E_USERS).length} accounts (two-factor sign-in on for ${Object.keys(secrets).length})`);
