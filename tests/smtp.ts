/**
 * A real SMTP listener on 127.0.0.1 (smtp-server) that keeps every message it receives, for the
 * integration tests of the sales e-mail outbox and the browser tests of servers that send e-mail.
 */
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  /** The message as sent (headers, blank line, body; quoted-printable as it came). */
  raw: string;
  /** The envelope's recipients. */
  rcptTo: string[];
}

/** A listener to start with `listen` (on a free port, or again on the port it had) and stop with `close`. */
export function smtpListener() {
  const received: ReceivedMail[] = [];
  let server: SMTPServer | undefined;
  const listen = (port = 0) =>
    new Promise<number>((resolve, reject) => {
      server = new SMTPServer({
        authOptional: true,
        disabledCommands: ["STARTTLS", "AUTH"],
        logger: false,
        onData(stream, session, callback) {
          const chunks: Buffer[] = [];
          stream.on("data", (c: Buffer) => chunks.push(c));
          stream.on("end", () => {
            received.push({ raw: Buffer.concat(chunks).toString("utf8"), rcptTo: session.envelope.rcptTo.map((r) => r.address) });
            callback();
          });
        },
      });
      server.once("error", reject);
      server.listen(port, "127.0.0.1", () => resolve((server!.server.address() as { port: number }).port));
    });
  const close = () => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  return { received, listen, close };
}

/** A listener already started on a free port; `received`: each message's text with its soft line breaks joined. */
export async function startSmtp(): Promise<{ port: number; readonly received: string[]; close: () => Promise<void> }> {
  const listener = smtpListener();
  const port = await listener.listen();
  return {
    port,
    get received() {
      return listener.received.map((m) => m.raw.replace(/=\r\n/g, ""));
    },
    close: listener.close,
  };
}
