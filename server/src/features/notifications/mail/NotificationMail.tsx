import { Body } from "@react-email/body";
import { Button } from "@react-email/button";
import { Container } from "@react-email/container";
import { Head } from "@react-email/head";
import { Hr } from "@react-email/hr";
import { Html } from "@react-email/html";
import { Img } from "@react-email/img";
import { Link } from "@react-email/link";
import { Preview } from "@react-email/preview";
import { Section } from "@react-email/section";
import { Text } from "@react-email/text";
import { contrast, textOn } from "../../../../../packages/shared/src/contrast.js";
import { renderMarkdown } from "../../../../../packages/shared/src/markdown.js";
import type { Line } from "./compose.js";
import { directionOf, type Language } from "../../../platform/i18n/languages.js";
import { translator } from "../../../platform/i18n/translator.js";

// The layout of every notification mail: the workspace's logo or name in its accent, each line
// with the team's words quoted and a button, then why the mail came and how to stop it.

export interface MailProps {
  /** The mail's subject, its page's title where a mail program shows one. */
  subject: string;
  workspace: { name: string; logoUrl: string | null; accent: string };
  lines: Line[];
  /** Where the reader changes what they hear, and stops it all. */
  footer: { preferencesUrl: string; unsubscribeUrl: string; why: string };
  lang: Language;
}

/** Paragraphs spaced as the mail's own text, not by each mail program's default margins. */
const quotedHtml = (source: string) => renderMarkdown(source).replace(/<p>/g, '<p style="margin:0 0 8px">');

const text = { fontSize: "15px", lineHeight: "22px", color: "#1f2328", margin: "0 0 12px" };
const muted = { fontSize: "13px", lineHeight: "20px", color: "#59636e", margin: "0 0 8px" };

export function NotificationMail({ subject, workspace, lines, footer, lang }: MailProps) {
  // A pale brand colour keeps the buttons, with dark text on them, but not the name's text.
  const { t } = translator(lang);
  const nameColour = contrast(workspace.accent, "#ffffff") >= 4.5 ? workspace.accent : "#1f2328";
  // Links in the text take the accent where it reads on white; otherwise a blue that does.
  const linkColour = contrast(workspace.accent, "#ffffff") >= 4.5 ? workspace.accent : "#0550ae";
  return (
    <Html lang={lang} dir={directionOf(lang)}>
      <Head>
        {/* Without it a phone's mail app lays the mail out 980 px wide and shrinks it. */}
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{subject}</title>
      </Head>
      <Preview>{lines[0]?.headline ?? workspace.name}</Preview>
      <Body style={{ backgroundColor: "#f6f8fa", fontFamily: "-apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif", margin: 0 }}>
        <Container style={{ backgroundColor: "#ffffff", maxWidth: "560px", margin: "24px auto", padding: "24px", borderRadius: "8px" }}>
          <Section style={{ marginBottom: "16px" }}>
            {workspace.logoUrl ? (
              <Img src={workspace.logoUrl} alt={workspace.name} height="32" />
            ) : (
              <Text style={{ ...text, fontSize: "18px", fontWeight: 700, color: nameColour }}>{workspace.name}</Text>
            )}
          </Section>
          {lines.map((line, index) => (
            <Section key={index} style={{ marginBottom: "20px" }}>
              <Text style={{ ...text, fontWeight: 600 }}>{line.headline}</Text>
              {line.ideas && (
                <>
                  <Text style={{ ...text, margin: "0 0 4px" }}>{line.ideas.label}</Text>
                  <ul style={{ ...text, paddingInlineStart: "20px" }}>
                    {line.ideas.items.map((idea) => (
                      <li key={idea.href}>
                        <Link href={idea.href} style={{ color: linkColour, textDecoration: "underline" }}>
                          {idea.title}
                        </Link>
                      </li>
                    ))}
                  </ul>
                </>
              )}
              {line.quote && (
                // The team's words as they wrote them, markdown and all (raw HTML stays text).
                <div
                  style={{
                    ...text,
                    ...(directionOf(lang) === "rtl"
                      ? { borderRight: `3px solid ${workspace.accent}`, paddingRight: "12px" }
                      : { borderLeft: `3px solid ${workspace.accent}`, paddingLeft: "12px" }),
                    color: "#424a53",
                  }}
                  // Safe to set: markdown-it's output with raw HTML off (packages/shared/src/markdown.ts).
                  dangerouslySetInnerHTML={{ __html: quotedHtml(line.quote) }}
                />
              )}
              <Button
                href={line.link.href}
                style={{ backgroundColor: workspace.accent, color: textOn(workspace.accent), padding: "8px 14px", borderRadius: "6px", fontSize: "14px" }}
              >
                {line.link.label}
              </Button>
            </Section>
          ))}
          <Hr style={{ borderColor: "#d1d9e0", margin: "24px 0 12px" }} />
          <Text style={muted}>{footer.why}</Text>
          <Text style={muted}>
            <Link href={footer.preferencesUrl} style={{ color: "#59636e", textDecoration: "underline" }}>
              {t("notify.preferences")}
            </Link>
            {" · "}
            <Link href={footer.unsubscribeUrl} style={{ color: "#59636e", textDecoration: "underline" }}>
              {t("notify.unsubscribe")}
            </Link>
          </Text>
        </Container>
      </Body>
    </Html>
  );
}
