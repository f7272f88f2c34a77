import { createTransport } from "nodemailer";
import addressparser from "nodemailer/lib/addressparser";
import { log } from "../lib/log.js";
import { type Copy, compileTemplate, type MailTemplate, type Personal } from "./template.js";

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
  /** Builds a mail many readers get once (template.ts); each reader's copy goes out with `deliver`. */
  template(template: MailTemplate): Promise<(personal: Personal) => Copy>;
  /** Sends one reader's copy over the pool, and says what the server answered, for a caller that retries. */
  deliver(copy: Copy): Promise<Delivery>;
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
  // The envelope's sender of a copy, which carries its From inside: the address of SMTP_FROM.
  const [sender] = addressparser(options.from, { flatten: true });
  const attempt = async (transport: ReturnType<typeof createTransport>, mail: Parameters<typeof transport.sendMail>[0]): Promise<Delivery> => {
    try {
      await transport.sendMail(mail);
      return { sent: true };
    } catch (error) {
      const code = (error as { responseCode?: number }).responseCode;
      return { sent: false, permanent: code !== undefined && code >= 500 && code < 600, error: (error as Error).message };
    }
  };
  return {
    async send(mail) {
      const delivery = await attempt(single, { from: options.from, ...mail });
      if (!delivery.sent) log.error("mail not sent", { to: mail.to, subject: mail.subject, error: delivery.error });
      return delivery.sent;
    },
    template: (template) => compileTemplate(options.from, template),
    deliver: (copy) => attempt(pool(), { envelope: { from: sender?.address ?? "", to: [copy.to] }, raw: copy.raw }),
    close: () => {
      single.close();
      pooled?.close();
    },
  };
}
