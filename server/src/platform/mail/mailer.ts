import type * as Nodemailer from "nodemailer";
import type addressparser from "nodemailer/lib/addressparser";
import { loadWhenNeeded } from "../lib/load-when-needed.js";
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
  /** The sender's name, in place of MAIL_FROM's: a workspace's, on mail to its customers. */
  fromName?: string;
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

// Loaded with the first mail a thread sends (platform/lib/load-when-needed.ts).
const nodemailer = loadWhenNeeded<typeof Nodemailer>("nodemailer");
const parseAddress = loadWhenNeeded<typeof addressparser>("nodemailer/lib/addressparser");
type Transport = ReturnType<typeof Nodemailer.createTransport>;

export function createMailer(options: { smtpUrl: string; from: string; maxConnections?: number }): Mailer {
  // One connection a mail for the odd invite or password link, as always; a pool of connections
  // for notifications, which come in bursts. Each is made on first use.
  let single: Transport | undefined;
  const one = () => {
    single ??= nodemailer().createTransport(options.smtpUrl);
    return single;
  };
  let pooled: Transport | undefined;
  const pool = () => {
    pooled ??= nodemailer().createTransport({
      url: options.smtpUrl,
      pool: true,
      maxConnections: options.maxConnections ?? 5,
      maxMessages: Number.POSITIVE_INFINITY,
    });
    return pooled;
  };
  // The envelope's sender of a copy, which carries its From inside: the address of MAIL_FROM.
  let senderAddress: string | undefined;
  const sender = () => (senderAddress ??= parseAddress()(options.from, { flatten: true })[0]?.address ?? "");
  // MAIL_FROM as it is, or its address under another name. nodemailer quotes and encodes the name;
  // a line break in it (which no name should hold) could not start a header of its own anyway.
  const fromOf = (name: string | undefined) => (name?.trim() ? { name: name.replace(/\p{Cc}+/gu, " ").trim(), address: sender() } : options.from);
  const attempt = async (transport: Transport, mail: Parameters<Transport["sendMail"]>[0]): Promise<Delivery> => {
    try {
      await transport.sendMail(mail);
      return { sent: true };
    } catch (error) {
      const code = (error as { responseCode?: number }).responseCode;
      return { sent: false, permanent: code !== undefined && code >= 500 && code < 600, error: (error as Error).message };
    }
  };
  return {
    async send({ fromName, ...mail }) {
      const delivery = await attempt(one(), { from: fromOf(fromName), ...mail });
      if (!delivery.sent) log.error("mail not sent", { to: mail.to, subject: mail.subject, error: delivery.error });
      return delivery.sent;
    },
    template: (template) => compileTemplate(fromOf(template.fromName), template),
    deliver: (copy) => attempt(pool(), { envelope: { from: sender(), to: [copy.to] }, raw: copy.raw }),
    close: () => {
      single?.close();
      pooled?.close();
    },
  };
}
