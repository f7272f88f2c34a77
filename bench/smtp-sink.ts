import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

// A mail sink in a process of its own (the notification benchmark's receiver): it takes every
// mail over SMTP on loopback, notes its recipient and Message-ID without parsing the rest, and
// answers GET /stats on a second port. Prints `smtp=<port> stats=<port>` once listening.

const recipients = new Map<string, number>();
const messageIds = new Map<string, number>();
let received = 0;
let firstAt = 0;
let lastAt = 0;

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS"],
  logger: false,
  size: 1024 * 1024,
  onData(stream, session, done) {
    let head = "";
    stream.on("data", (chunk: Buffer) => {
      if (head.length < 4096) head += chunk.toString("latin1");
    });
    stream.on("end", () => {
      const now = Date.now();
      firstAt ||= now;
      lastAt = now;
      received++;
      for (const to of session.envelope.rcptTo) recipients.set(to.address, (recipients.get(to.address) ?? 0) + 1);
      const id = /^message-id:\s*(\S+)/im.exec(head)?.[1] ?? `none-${received}`;
      messageIds.set(id, (messageIds.get(id) ?? 0) + 1);
      done();
    });
  },
});

const stats = createServer((_req, res) => {
  const repeated = (m: Map<string, number>) => [...m.values()].filter((n) => n > 1).length;
  res.writeHead(200, { "content-type": "application/json" });
  res.end(
    JSON.stringify({
      received,
      recipients: recipients.size,
      repeatedRecipients: repeated(recipients),
      repeatedMessageIds: repeated(messageIds),
      firstAt,
      lastAt,
    }),
  );
});

smtp.listen(0, "127.0.0.1", () => {
  stats.listen(0, "127.0.0.1", () => {
    const smtpPort = (smtp.server.address() as AddressInfo).port;
    const statsPort = (stats.address() as AddressInfo).port;
    process.stdout.write(`smtp=${smtpPort} stats=${statsPort}\n`);
  });
});
