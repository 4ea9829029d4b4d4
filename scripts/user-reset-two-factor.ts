/**
 * Resets the second factor of one account and ends its sessions, for the super-administrator who
 * lost both the phone and the backup codes (docs/requirements/accounts.md#two-factor-sign-in):
 *   npm run user:reset-2fa -- --email you@example.com
 * An administrator then sets two-factor sign-in up again at the next sign-in. Uses the server's
 * configuration (DATABASE_URL or DATA_DIR); with the embedded database, stop the server first.
 */
import { parseArgs } from "node:util";

import { resetTwoFactorByEmail } from "../app/auth/two-factor.server";
import { closeDatabase, initDatabase } from "../app/db/client.server";
import { env } from "../app/env.server";

const { values } = parseArgs({ options: { email: { type: "string" } } });

async function main(): Promise<number> {
  if (!values.email) {
    console.error("Usage: npm run user:reset-2fa -- --email E");
    return 2;
  }
  const config = env();
  try {
    const handle = await initDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
    const reset = await resetTwoFactorByEmail(handle.db, values.email);
    if (!reset) {
      console.error(`No account has the e-mail ${values.email}.`);
      return 1;
    }
    console.log(`Two-factor sign-in reset for ${reset.email}; its sessions ended. An administrator sets it up again at the next sign-in.`);
    return 0;
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    return 1;
  } finally {
    await closeDatabase();
  }
}

process.exitCode = await main();
