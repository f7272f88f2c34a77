import { Body } from "@react-email/body";
import { Button } from "@react-email/button";
import { Container } from "@react-email/container";
import { Head } from "@react-email/head";
import { Html } from "@react-email/html";
import { Preview } from "@react-email/preview";
import { Text } from "@react-email/text";

// The layout of a mail to a person that asks one thing of them (join a workspace): what and who,
// a button, and the link's terms. Read at a phone's width as at a desktop's.

export interface ActionMailProps {
  /** The subject, also the page's title where a mail program shows one. */
  subject: string;
  paragraphs: string[];
  action: { href: string; label: string };
  /** Small print under the button: how long the link works, what to do if unexpected. */
  footnote: string;
}

const text = { fontSize: "15px", lineHeight: "22px", color: "#1f2328", margin: "0 0 12px" };

export function ActionMail({ subject, paragraphs, action, footnote }: ActionMailProps) {
  return (
    <Html lang="en">
      <Head>
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{subject}</title>
      </Head>
      <Preview>{paragraphs[0] ?? subject}</Preview>
      <Body style={{ backgroundColor: "#f6f8fa", fontFamily: "-apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif", margin: 0 }}>
        <Container style={{ backgroundColor: "#ffffff", maxWidth: "560px", margin: "24px auto", padding: "24px", borderRadius: "8px" }}>
          {paragraphs.map((paragraph, index) => (
            <Text key={index} style={index === 0 ? { ...text, fontWeight: 600 } : text}>
              {paragraph}
            </Text>
          ))}
          <Button
            href={action.href}
            style={{ backgroundColor: "#3b4bdb", color: "#ffffff", padding: "10px 16px", borderRadius: "6px", fontSize: "15px", margin: "8px 0 16px" }}
          >
            {action.label}
          </Button>
          <Text style={{ fontSize: "13px", lineHeight: "20px", color: "#59636e", margin: "0" }}>{footnote}</Text>
          <Text style={{ fontSize: "13px", lineHeight: "20px", color: "#59636e", margin: "8px 0 0", wordBreak: "break-all" }}>{action.href}</Text>
        </Container>
      </Body>
    </Html>
  );
}
