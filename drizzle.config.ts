import { defineConfig } from "drizzle-kit";

// Generates SQL migrations from the schema; the server applies them at start (app/db/client.server.ts).
export default defineConfig({
  dialect: "postgresql",
  schema: "./app/db/schema.server.ts",
  out: "./drizzle",
});
