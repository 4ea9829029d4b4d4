/**
 * A second (and third) server process for the integration tests: better-auth on the PostgreSQL at
 * DATABASE_URL, behind a bare HTTP server, as the real server hands /api/auth/* to it. Started by
 * tests/integration/throttle.test.ts with `node --import tsx`; prints "ready <port>" once listening.
 */
import { createServer } from "node:http";

import { createAuth } from "~/auth/auth.server";
import { database, initDatabase } from "~/db/client.server";
import { env } from "~/env.server";

await initDatabase({ databaseUrl: env().DATABASE_URL, dataDir: env().DATA_DIR });
const instance = createAuth(await database(), env());

const server = createServer(async (req, res) => {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) if (typeof value === "string") headers.set(name, value);
  try {
    const response = await instance.handler(
      new Request(new URL(req.url ?? "/", env().SITE_URL), {
        method: req.method,
        headers,
        body: chunks.length ? Buffer.concat(chunks) : null,
      }),
    );
    const out: Record<string, string | string[]> = {};
    response.headers.forEach((value, name) => (out[name] = value));
    const cookies = response.headers.getSetCookie();
    if (cookies.length) out["set-cookie"] = cookies;
    res.writeHead(response.status, out);
    res.end(Buffer.from(await response.arrayBuffer()));
  } catch (error) {
    res.writeHead(500).end(error instanceof Error ? error.message : String(error));
  }
});
server.listen(0, "127.0.0.1", () => {
  const address = server.address();
  console.log(`ready ${typeof address === "object" && address ? address.port : 0}`);
});
process.on("SIGTERM", () => server.close(() => process.exit(0)));
