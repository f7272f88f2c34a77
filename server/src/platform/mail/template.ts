import { randomBytes } from "node:crypto";
import type MailComposer from "nodemailer/lib/mail-composer";
import type * as MimeFuncs from "nodemailer/lib/mime-funcs";
import type MimeNode from "nodemailer/lib/mime-node";
import type * as QuotedPrintable from "nodemailer/lib/qp";
import { loadWhenNeeded } from "../lib/load-when-needed.js";

// One mail for many readers (a status change told to 10,000 voters), built by nodemailer once and
// then copied for each reader with their own address, Message-ID and links: building each copy in
// full costs about 2 ms of CPU, most of it quoted-printable encoding the same HTML again, and a
// copy a few µs of string joins (docs/PERFORMANCE.md, "Background work and mail").

/** A mail whose text and HTML hold each of `slots` where a reader's own value goes (a link). */
export interface MailTemplate {
  subject: string;
  text: string;
  html: string;
  slots: readonly string[];
  /** The sender's name, in place of MAIL_FROM's (mailer.ts). */
  fromName?: string;
  /** Headers every reader's copy carries as they are. */
  headers?: Record<string, string>;
}

/** One reader's copy: `values` fills the template's slots, `headers` are this reader's own. */
export interface Personal {
  to: string;
  messageId: string;
  values: Record<string, string>;
  headers?: Record<string, string>;
}

/** A copy for one reader: the envelope's recipient, and the message as it goes over SMTP. */
export interface Copy {
  to: string;
  raw: string;
}

const LINE = 76;

// nodemailer's parts, loaded with the first mail a thread builds (platform/lib/load-when-needed.ts).
const composer = loadWhenNeeded<typeof MailComposer>("nodemailer/lib/mail-composer");
const mimeNode = loadWhenNeeded<typeof MimeNode>("nodemailer/lib/mime-node");
const mimeFuncs = loadWhenNeeded<typeof MimeFuncs>("nodemailer/lib/mime-funcs");
const qp = loadWhenNeeded<typeof QuotedPrintable>("nodemailer/lib/qp");
const quoted = (text: string) => qp().wrap(qp().encode(text), LINE);

/**
 * A body cut at its slots, each piece quoted-printable encoded on its own. The pieces and each
 * reader's values are joined with soft line breaks (`=` CRLF), which a reader's mail program
 * removes: the text reads as one, and no line is longer than quoted-printable allows.
 */
function encodedPieces(body: string, slots: readonly string[]): { pieces: string[]; order: string[] } {
  const normalized = body.replace(/\r?\n/g, "\r\n");
  if (slots.length === 0) return { pieces: [quoted(normalized)], order: [] };
  const pattern = new RegExp(slots.map((s) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|"), "g");
  const pieces: string[] = [];
  const order: string[] = [];
  let at = 0;
  for (const match of normalized.matchAll(pattern)) {
    pieces.push(quoted(normalized.slice(at, match.index)));
    order.push(match[0]);
    at = match.index + match[0].length;
  }
  pieces.push(quoted(normalized.slice(at)));
  return { pieces, order };
}

function filled(body: { pieces: string[]; order: string[] }, values: Record<string, string>, encodedValues: Map<string, string>): string {
  let out = body.pieces[0]!;
  for (let i = 0; i < body.order.length; i++) {
    const slot = body.order[i]!;
    let value = encodedValues.get(slot);
    if (value === undefined) {
      value = quoted(values[slot] ?? "");
      encodedValues.set(slot, value);
    }
    out += `=\r\n${value}=\r\n${body.pieces[i + 1]}`;
  }
  return out;
}

/** A header line as nodemailer writes one: the value encoded, the line folded. */
function headerLine(key: string, value: string): string {
  return `${mimeFuncs().foldLines(`${key}: ${mimeNode().encodeHeaderValue(key, value)}`, LINE)}\r\n`;
}

const part = (type: string, body: string) => `Content-Type: ${type}; charset=utf-8\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\n${body}`;

/**
 * Builds the frame once: nodemailer composes the message (From, Subject, the multipart structure
 * and its boundary) around stand-ins for the bodies and for the headers each reader gets their own
 * of, which are then cut out. Returns the function that makes a reader's copy.
 */
export async function compileTemplate(from: string | { name: string; address: string }, template: MailTemplate): Promise<(personal: Personal) => Copy> {
  // Stand-ins no subject can hold by chance.
  const nonce = randomBytes(9).toString("hex");
  const [TEXT_BODY, HTML_BODY, STAND_IN] = [`heed-text-${nonce}`, `heed-html-${nonce}`, `heed-header-${nonce}`];
  const built = await new (composer())({
    from,
    subject: template.subject,
    // Stand-ins, so nodemailer does not make its own; each copy gets the reader's.
    messageId: `<${STAND_IN}@heed.invalid>`,
    date: STAND_IN,
    headers: template.headers,
    text: { raw: part("text/plain", TEXT_BODY) },
    html: { raw: part("text/html", HTML_BODY) },
  })
    .compile()
    .build();
  const frame = built
    .toString("latin1")
    .split("\r\n")
    .filter((line) => !line.includes(STAND_IN))
    .join("\r\n");
  const [head, rest] = frame.split(TEXT_BODY) as [string, string];
  const [between, tail] = rest.split(HTML_BODY) as [string, string];
  const text = encodedPieces(template.text, template.slots);
  const html = encodedPieces(template.html, template.slots);
  return (personal) => {
    const own = [
      headerLine("To", personal.to),
      headerLine("Date", new Date().toUTCString().replace(/GMT/, "+0000")),
      headerLine("Message-ID", personal.messageId),
      ...Object.entries(personal.headers ?? {}).map(([key, value]) => headerLine(key, value)),
    ].join("");
    const encodedValues = new Map<string, string>();
    return { to: personal.to, raw: own + head + filled(text, personal.values, encodedValues) + between + filled(html, personal.values, encodedValues) + tail };
  };
}
