import { createTransport } from "nodemailer";
import { log } from "../lib/log.js";

// Mail that Heed sends people (invites, password resets), through the SMTP server SMTP_URL names:
// `smtp://user:pass@host:587` (STARTTLS when the server offers it) or `smtps://…:465`. Without
// SMTP_URL nothing is mailed and the dashboard shows links to pass on by hand.

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  /** Sends, and says whether the server took the message; a failure is logged, never thrown. */
  send(mail: Mail): Promise<boolean>;
  close(): void;
}

export function createMailer(options: { smtpUrl: string; from: string }): Mailer {
  const transport = createTransport(options.smtpUrl);
  return {
    async send(mail) {
      try {
        await transport.sendMail({ from: options.from, ...mail });
        return true;
      } catch (error) {
        log.error("mail not sent", { to: mail.to, subject: mail.subject, error: (error as Error).message });
        return false;
      }
    },
    close: () => transport.close(),
  };
}
