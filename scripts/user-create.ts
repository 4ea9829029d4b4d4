/**
 * Creates a staff account; the first administrator of a fresh install is made this way:
 *   npm run user:create -- --email you@example.com --admin           (asks for the password)
 *   npm run user:create -- --email you@example.com --password '...'   (non-interactive)
 *   npm run user:create -- --email writer@example.com --editor       (an editor: the blog and the content studio)
 * Uses the same configuration as the server (DATABASE_URL or DATA_DIR). With the embedded
 * database, stop the server first: one process at a time may open the data folder.
 */
import { createInterface } from "node:readline";
import { parseArgs } from "node:util";

import { auth } from "../app/auth/auth.server";
import { AccountExistsError, createStaffUser, WeakPasswordError } from "../app/auth/users.server";
import { closeDatabase, initDatabase } from "../app/db/client.server";
import { env } from "../app/env.server";

function askHidden(question: string): Promise<string> {
  return new Promise((resolve) => {
    const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: true });
    const write = (rl as unknown as { _writeToOutput: (s: string) => void })._writeToOutput;
    (rl as unknown as { _writeToOutput: (s: string) => void })._writeToOutput = (s: string) =>
      write.call(rl, s.startsWith(question) ? s : "*".repeat(s.length ? 1 : 0));
    rl.question(question, (answer) => {
      rl.close();
      process.stdout.write("\n");
      resolve(answer);
    });
  });
}

const { values } = parseArgs({
  options: {
    email: { type: "string" },
    password: { type: "string" },
    name: { type: "string" },
    admin: { type: "boolean", default: false },
    editor: { type: "boolean", default: false },
  },
});

async function main(): Promise<number> {
  if (!values.email) {
    console.error("Usage: npm run user:create -- --email E [--admin | --editor] [--name N] [--password P]");
    return 2;
  }
  if (values.admin && values.editor) {
    console.error("Give --admin or --editor, not both: an administrator can do everything an editor can.");
    return 2;
  }
  let password = values.password;
  if (!password) {
    if (!process.stdin.isTTY) {
      console.error("No --password given and no terminal to ask on.");
      return 2;
    }
    password = await askHidden("Password: ");
    if ((await askHidden("Repeat it: ")) !== password) {
      console.error("The two passwords differ.");
      return 1;
    }
  }
  const config = env(); // validates the configuration with the server's schema
  try {
    const { db } = await initDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
    const user = await createStaffUser(
      { db, auth: await auth() },
      { email: values.email, password, name: values.name, admin: values.admin, editor: values.editor },
    );
    console.log(`Created ${values.admin ? "administrator" : values.editor ? "editor" : "staff account"} ${user.email} (${user.id}).`);
    if (values.admin || values.editor)
      console.log(
        [
          "",
          `${values.admin ? "Administrators" : "Editors"} must use two-factor sign-in (docs/requirements/accounts.md#two-factor-sign-in). At the first sign-in:`,
          "  1. Start the server and sign in at /auth/login with this e-mail and password.",
          "  2. The site opens /account/two-factor: enter the password, scan the QR code with an authenticator",
          "     app (or type the key shown under it), and enter the 6-digit code the app shows.",
          "  3. Save the 10 backup codes (copy or download them): they are shown once. Then continue to /admin.",
        ].join("\n"),
      );
    return 0;
  } catch (error) {
    if (error instanceof WeakPasswordError) console.error(`weak_password:\n${error.reasons.map((r) => `  - ${r}`).join("\n")}`);
    else if (error instanceof AccountExistsError) console.error(error.message);
    else console.error(error instanceof Error ? error.message : error);
    return 1;
  } finally {
    await closeDatabase();
  }
}

process.exitCode = await main();
