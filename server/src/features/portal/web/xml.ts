// XML 1.0 as the feeds write it, with one escaper for element text and attribute values: the
// markup characters as entities, a carriage return as a character reference (a parser would read
// a raw one as a line feed), and the characters XML 1.0 cannot carry at all (C0 controls other than
// tab and the line ends, lone surrogates, U+FFFE and U+FFFF) left out, since no reference can
// express them either. Nothing is written as CDATA: a section ends at the first `]]>` its content
// holds, which is how a changelog title could break out of the `feed` package's output.

const NOT_XML = /[^\t\n\r\x20-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;
const ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;", "\r": "&#13;" };

/** Any string as XML character data or an attribute value. */
export function xmlEscape(value: string): string {
  return value.replace(NOT_XML, "").replace(/[&<>"'\r]/g, (c) => ENTITIES[c]!);
}

/** Markup this module wrote, so it is never escaped again. */
export interface Xml {
  readonly xml: string;
}

type Child = Xml | string | null | undefined | Child[];

function write(child: Child): string {
  if (child === null || child === undefined) return "";
  if (typeof child === "string") return xmlEscape(child);
  if (Array.isArray(child)) return child.map(write).join("");
  return child.xml;
}

/** An element: attributes left out when undefined, children escaped unless they are markup. */
export function element(name: string, attributes: Record<string, string | undefined>, ...children: Child[]): Xml {
  const attrs = Object.entries(attributes)
    .filter((entry): entry is [string, string] => entry[1] !== undefined)
    .map(([key, value]) => ` ${key}="${xmlEscape(value)}"`)
    .join("");
  const content = children.map(write).join("");
  return { xml: content ? `<${name}${attrs}>${content}</${name}>` : `<${name}${attrs}/>` };
}

/** Elements one a line, so a feed reads well as text too. */
export function lines(children: Xml[]): Xml {
  return { xml: `\n${children.map((c) => c.xml).join("\n")}\n` };
}

export function xmlDocument(root: Xml): string {
  return `<?xml version="1.0" encoding="utf-8"?>\n${root.xml}\n`;
}
