/** A real SMTP listener on 127.0.0.1 (smtp-server) that keeps every message it receives. */
import { SMTPServer } from "smtp-server";

export function startSmtp(): Promise<{ port: number; received: string[]; close: () => Promise<void> }> {
  const received: string[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        received.push(Buffer.concat(chunks).toString("utf8").replace(/=\r\n/g, ""));
        callback();
      });
    },
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () =>
      resolve({
        port: (server.server.address() as { port: number }).port,
        received,
        close: () => new Promise((r) => server.close(() => r())),
      }),
    );
  });
}
