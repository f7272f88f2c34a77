import { simpleParser } from "mailparser";
import { createTransport } from "nodemailer";
import { describe, expect, it } from "vitest";
import { compileTemplate } from "../template.js";

// A mail built once and copied for each reader (platform/mail/template.ts) must read exactly as the
// mail nodemailer builds in full for that reader: a mail program sees no difference.

const FROM = "Heed für Teams <heed@heed.test>";
const PREFERENCES = "slot-preferences";
const UNSUBSCRIBE = "slot-unsubscribe";

// Long lines, non-ASCII text, spaces before the slots and at the end of lines, a slot at the start:
// everything quoted-printable has a rule for.
const text = `${PREFERENCES} first\n“Dark mode” is now Complete — 7.9k votes ✓\n\n> Shipped today: thank you for asking. ${"A long sentence without an end ".repeat(6)}\nChoose what you hear: ${PREFERENCES}\nUnsubscribe from all: ${UNSUBSCRIBE}   `;
const html = `<!DOCTYPE html><html dir="ltr" lang="en"><body style="margin:0">${"\u00a0\u200c\u200b".repeat(40)}<p>“Dark mode” is now Complete</p><a href="${PREFERENCES}" style="color:#3b4fd8">Choose</a> <a href="${UNSUBSCRIBE}">Unsubscribe</a>${"<td>=</td>".repeat(30)}</body></html>`;

const reader = (i: number) => ({
  to: `reader-${i}@people.test`,
  messageId: `<nml_${i}@heed.test>`,
  preferencesUrl: `https://heed.test/p/acme/notifications?token=${"t".repeat(60)}${i}`,
  unsubscribeUrl: `https://heed.test/p/acme/unsubscribe?token=${"u".repeat(60)}${i}&x=1`,
});
const listUnsubscribe = (r: ReturnType<typeof reader>) => `<${r.unsubscribeUrl}>, <mailto:unsubscribe@heed.test?subject=unsubscribe%20${"t".repeat(40)}>`;

async function inFull(r: ReturnType<typeof reader>) {
  const fill = (s: string) => s.replaceAll(PREFERENCES, r.preferencesUrl).replaceAll(UNSUBSCRIBE, r.unsubscribeUrl);
  const built = await createTransport({ streamTransport: true, buffer: true }).sendMail({
    from: FROM,
    to: r.to,
    subject: "“Dark mode” is now Complete",
    text: fill(text),
    html: fill(html),
    messageId: r.messageId,
    headers: { "List-Unsubscribe": listUnsubscribe(r), "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
  });
  return built.message as Buffer;
}

/** What a mail program reads of a message. */
async function read(raw: string | Buffer) {
  const mail = await simpleParser(raw);
  return {
    from: mail.from?.text,
    to: (Array.isArray(mail.to) ? mail.to[0] : mail.to)?.text,
    subject: mail.subject,
    messageId: mail.messageId,
    text: mail.text,
    html: mail.html,
    listUnsubscribe: mail.headers.get("list-unsubscribe-post"),
    list: mail.headerLines.find((line) => line.key === "list-unsubscribe")?.line.replace(/\r\n\s+/g, " "),
    mime: mail.headers.get("mime-version"),
    date: mail.date instanceof Date,
  };
}

describe("a mail built once for many readers", () => {
  it("reads for each reader exactly as the mail built in full for them, within quoted-printable's line length", async () => {
    const copyFor = await compileTemplate(FROM, { subject: "“Dark mode” is now Complete", text, html, slots: [PREFERENCES, UNSUBSCRIBE] });
    for (const i of [1, 2]) {
      const r = reader(i);
      const copy = copyFor({
        to: r.to,
        messageId: r.messageId,
        values: { [PREFERENCES]: r.preferencesUrl, [UNSUBSCRIBE]: r.unsubscribeUrl },
        headers: { "List-Unsubscribe": listUnsubscribe(r), "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
      });
      expect(copy.to).toBe(r.to);
      const [ours, theirs] = [await read(copy.raw), await read(await inFull(r))];
      expect(ours).toEqual(theirs);
      expect(ours.text).toContain(r.unsubscribeUrl);
      expect(ours.date).toBe(true);
      // Only 7-bit text, and body lines within quoted-printable's 76 characters.
      expect([...copy.raw].every((c) => c.charCodeAt(0) < 128)).toBe(true);
      const body = copy.raw.slice(copy.raw.indexOf("\r\n\r\n"));
      for (const line of body.split("\r\n")) expect(line.length, line).toBeLessThanOrEqual(76);
    }
  });

  it("takes a subject or a body that happens to hold the words of a stand-in as plain text", async () => {
    const copyFor = await compileTemplate(FROM, { subject: "heed-header- and heed-text-", text: "heed-html- body", html: "<p>heed-text-</p>", slots: [] });
    const mail = await read(copyFor({ to: "a@people.test", messageId: "<m@heed.test>", values: {} }).raw);
    expect([mail.subject, mail.text, mail.html]).toEqual(["heed-header- and heed-text-", "heed-html- body", "<p>heed-text-</p>"]);
  });

  it("cannot be made to carry a header of a reader's making", async () => {
    // Addresses are checked where they are stored; the copy does not rely on it.
    const copyFor = await compileTemplate(FROM, { subject: "News", text: "Hello", html: "<p>Hello</p>", slots: [] });
    const copy = copyFor({
      to: "a@people.test\r\nBcc: b@elsewhere.test",
      messageId: "<m@heed.test>\r\nX-Evil: 1",
      values: {},
      headers: { "List-Unsubscribe": "<https://heed.test/u>\r\nX-Evil: 2" },
    });
    expect(copy.raw).not.toMatch(/^(Bcc|X-Evil):/im);
  });
});
