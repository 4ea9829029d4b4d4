/**
 * A port nobody listens on right now, for the test harnesses and the bench (the PostgreSQL test
 * server, extra server processes in browser tests, the bench's servers and nginx).
 */
import { createServer } from "node:net";

/** A port free on 127.0.0.1 a moment ago (the OS picks it for a socket bound to port 0). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => (port ? resolve(port) : reject(new Error("Could not find a free port"))));
    });
  });
}
