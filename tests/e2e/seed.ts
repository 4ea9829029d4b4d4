/** Creates the browser tests' accounts in a fresh data folder, before the test server starts. */
import { createStaffUser } from "../../app/auth/users.server";
import { closeDatabase, initDatabase } from "../../app/db/client.server";
import { env } from "../../app/env.server";
import { E2E_USERS } from "./config";

await initDatabase({ databaseUrl: env().DATABASE_URL, dataDir: env().DATA_DIR });

for (const user of Object.values(E2E_USERS)) await createStaffUser(user);
await closeDatabase();
console.log(`Seeded ${Object.keys(E2E_USERS).length} accounts`);
