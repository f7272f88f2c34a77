import { createTransport } from "nodemailer";
import { log } from "../lib/log.js";

// Mail that Heed sends people (invites, password resets, notifications), through the SMTP server
// SMTP_URL names: `smtp://user:pass@host:587` (STARTTLS when the server offers it) or
// `smtps://…:465`. Without SMTP_URL nothing is mailed and the dashboard shows links to pass on by
// hand. Connections are pooled, so a burst of notifications does not open one per mail.

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** The same on every retry of one mail, so a receiving server may drop a repeat. */
  messageId?: string;
  headers?: Record<string, string>;
}

/** What became of one mail: taken by the server, or refused (`permanent`: a 5xx, not worth a retry). */
export type Delivery = { sent: true } | { sent: false; permanent: boolean; error: string };

export interface Mailer {
  /** Sends, and says whether the server took the message; a failure is logged, never thrown. */
  send(mail: Mail): Promise<boolean>;
  /** Sends, and says what the server answered, for a caller that retries. */
  deliver(mail: Mail): Promise<Delivery>;
  close(): void;
}

export function createMailer(options: { smtpUrl: string; from: string; maxConnections?: number }): Mailer {
  // One connection a mail for the odd invite or password link, as always; a pool of connections,
  // opened on first use, for notifications, which come in bursts.
  const single = createTransport(options.smtpUrl);
  let pooled: ReturnType<typeof createTransport> | undefined;
  const pool = () => {
    pooled ??= createTransport({ url: options.smtpUrl, pool: true, maxConnections: options.maxConnections ?? 5, maxMessages: Number.POSITIVE_INFINITY });
    return pooled;
  };
  const attempt = async (transport: ReturnType<typeof createTransport>, mail: Mail): Promise<Delivery> => {
    try {
      await transport.sendMail({ from: options.from, ...mail });
      return { sent: true };
    } catch (error) {
      const code = (error as { responseCode?: number }).responseCode;
      return { sent: false, permanent: code !== undefined && code >= 500 && code < 600, error: (error as Error).message };
    }
  };
  return {
    async send(mail) {
      const delivery = await attempt(single, mail);
      if (!delivery.sent) log.error("mail not sent", { to: mail.to, subject: mail.subject, error: delivery.error });
      return delivery.sent;
    },
    deliver: (mail) => attempt(pool(), mail),
    close: () => {
      single.close();
      pooled?.close();
    },
  };
}
