import { randomBytes } from "node:crypto";
import { render } from "@react-email/render";
import { markdownAsText } from "../../../../../packages/shared/src/markdown.js";
import { createElement } from "react";
import { type Line, subjectOf } from "./compose.js";
import { NotificationMail, type MailProps } from "./NotificationMail.js";
import type { Mailer } from "../../../platform/mail/mailer.js";
import type { Copy, Personal } from "../../../platform/mail/template.js";
import type { Language } from "../../../platform/i18n/languages.js";
import { translator } from "../../../platform/i18n/translator.js";

// Renders a mail's HTML and plain text. Most mails of one change read the same but for the
// reader's own links (a status change told to 10,000 voters is one text), so a pass renders each
// distinct text once, with slots for those links, and the mailer builds it once as a template
// (platform/mail/template.ts) that each reader gets a copy of, with their own links.

export interface MailContent {
  workspace: MailProps["workspace"];
  lines: Line[];
  why: string;
  lang: Language;
}

export interface Reader {
  to: string;
  messageId: string;
  links: { preferencesUrl: string; unsubscribeUrl: string };
  headers: Record<string, string>;
}

function plainText(content: MailContent, slots: { preferences: string; unsubscribe: string }): string {
  const parts = content.lines.map((line) =>
    [
      line.headline,
      ...(line.ideas ? ["", line.ideas.label, ...line.ideas.items.map((idea) => `- ${idea.title}: ${idea.href}`)] : []),
      ...(line.quote
        ? [
            "",
            ...markdownAsText(line.quote)
              .split("\n")
              .map((l) => (l ? `> ${l}` : ">")),
          ]
        : []),
      "",
      `${line.link.label}: ${line.link.href}`,
    ].join("\n"),
  );
  const { t } = translator(content.lang);
  return [...parts, "--", content.why, `${t("notify.preferences")}: ${slots.preferences}`, `${t("notify.unsubscribe")}: ${slots.unsubscribe}`].join("\n\n");
}

/** A renderer for one pass: it remembers each distinct text it built until the pass ends. */
export function mailRenderer(mailer: Pick<Mailer, "template">): (content: MailContent, reader: Reader) => Promise<Copy> {
  // Slots no post title or comment can hold by chance: a new random pair each pass.
  const nonce = randomBytes(9).toString("base64url");
  const slots = { preferences: `heed-preferences-${nonce}`, unsubscribe: `heed-unsubscribe-${nonce}` };
  const built = new Map<string, Promise<(personal: Personal) => Copy>>();
  return async (content, reader) => {
    const key = JSON.stringify(content);
    let template = built.get(key);
    if (!template) {
      const subject = subjectOf(translator(content.lang), content.lines, content.workspace.name);
      template = (async () =>
        mailer.template({
          // From the workspace the reader knows, at the server's address.
          fromName: content.workspace.name,
          subject,
          html: await render(
            createElement(NotificationMail, {
              ...content,
              subject,
              footer: { preferencesUrl: slots.preferences, unsubscribeUrl: slots.unsubscribe, why: content.why },
            }),
          ),
          text: plainText(content, slots),
          slots: [slots.preferences, slots.unsubscribe],
        }))();
      built.set(key, template);
    }
    return (await template)({
      to: reader.to,
      messageId: reader.messageId,
      headers: reader.headers,
      values: { [slots.preferences]: reader.links.preferencesUrl, [slots.unsubscribe]: reader.links.unsubscribeUrl },
    });
  };
}
