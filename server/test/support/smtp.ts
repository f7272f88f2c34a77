import type { AddressInfo } from "node:net";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll } from "vitest";

// A real SMTP server on loopback, started by the test: Heed mails it through nodemailer as it
// would any provider, and the test reads what arrived.

export interface ReceivedMail {
  to: string;
  from: string;
  subject: string;
  text: string;
  html: string;
  messageId: string;
  /** Raw header values by lowercase name, as sent (e.g. `list-unsubscribe`). */
  headers: Record<string, string>;
}

export interface TestSmtp {
  url: string;
  received: ReceivedMail[];
  /** Waits until a mail to `to` has arrived (at most `timeoutMs`). */
  mailTo(to: string, timeoutMs?: number): Promise<ReceivedMail>;
  stop(): Promise<void>;
}

export async function startSmtp(): Promise<TestSmtp> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    // Plain SMTP on loopback: no certificate to trust in the test.
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, _session, done) {
      simpleParser(stream)
        .then((mail) => {
          const to = Array.isArray(mail.to) ? mail.to.map((a) => a.text).join(", ") : (mail.to?.text ?? "");
          const headers = Object.fromEntries(mail.headerLines.map((h) => [h.key, h.line.slice(h.line.indexOf(":") + 1).trim()]));
          received.push({
            to,
            from: mail.from?.text ?? "",
            subject: mail.subject ?? "",
            text: mail.text ?? "",
            html: typeof mail.html === "string" ? mail.html : "",
            messageId: mail.messageId ?? "",
            headers,
          });
          done();
        })
        .catch(done);
    },
  });
  const port = await new Promise<number>((resolve) => server.listen(0, "127.0.0.1", () => resolve((server.server.address() as AddressInfo).port)));
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    async mailTo(to, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const mail = received.find((m) => m.to.includes(to));
        if (mail) return mail;
        if (Date.now() > deadline) throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * A real SMTP server for one test file: started before its tests (declare it before the harness,
 * whose `smtpUrl` reads it), stopped after them.
 */
export function useSmtp(): TestSmtp {
  let started: TestSmtp | undefined;
  beforeAll(async () => {
    started = await startSmtp();
  });
  afterAll(() => started?.stop());
  const smtp = () => {
    if (!started) throw new Error("the SMTP server starts in the file's beforeAll");
    return started;
  };
  return {
    get url() {
      return smtp().url;
    },
    get received() {
      return smtp().received;
    },
    mailTo: (to, timeoutMs) => smtp().mailTo(to, timeoutMs),
    stop: () => smtp().stop(),
  };
}
