import { render } from "@react-email/render";
import { createElement } from "react";
import { type Line, subjectOf } from "./compose.js";
import { NotificationMail, type MailProps } from "./NotificationMail.js";

// Renders a mail's HTML and plain text. Most mails of one change read the same but for the
// reader's own links (a status change told to 10,000 voters is one text), so a pass renders each
// distinct text once with stand-ins for those links, and puts each reader's links in afterwards.

const PREFERENCES = "heed-preferences-url-stand-in";
const UNSUBSCRIBE = "heed-unsubscribe-url-stand-in";

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

export interface MailContent {
  workspace: MailProps["workspace"];
  lines: Line[];
  why: string;
  lang: string;
}

function plainText(content: MailContent): string {
  const parts = content.lines.map((line) =>
    [line.headline, ...(line.quote ? ["", ...line.quote.split("\n").map((l) => `> ${l}`)] : []), "", `${line.link.label}: ${line.link.href}`].join("\n"),
  );
  return [...parts, "--", content.why, `Choose what you hear: ${PREFERENCES}`, `Unsubscribe from all: ${UNSUBSCRIBE}`].join("\n\n");
}

/** A renderer for one pass: it remembers each distinct text it rendered until the pass ends. */
export function mailRenderer(): (content: MailContent, links: { preferencesUrl: string; unsubscribeUrl: string }) => Promise<RenderedMail> {
  const rendered = new Map<string, Promise<RenderedMail>>();
  return async (content, links) => {
    const key = JSON.stringify(content);
    let template = rendered.get(key);
    if (!template) {
      template = (async () => ({
        subject: subjectOf(content.lines, content.workspace.name),
        html: await render(
          createElement(NotificationMail, { ...content, footer: { preferencesUrl: PREFERENCES, unsubscribeUrl: UNSUBSCRIBE, why: content.why } }),
        ),
        text: plainText(content),
      }))();
      rendered.set(key, template);
    }
    const { subject, html, text } = await template;
    const fill = (s: string) => s.replaceAll(PREFERENCES, links.preferencesUrl).replaceAll(UNSUBSCRIBE, links.unsubscribeUrl);
    return { subject, html: fill(html), text: fill(text) };
  };
}
