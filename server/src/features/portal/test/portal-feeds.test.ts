import { createRequire } from "node:module";
import Parser from "rss-parser";
import { describe, expect, it } from "vitest";
import { renderMarkdown } from "../../../../../packages/shared/src/markdown.js";
import { useHarness } from "../../../../test/support/harness.js";

// The changelog's feeds (/p/{workspace}/changelog.rss and .atom) carry whatever a team member
// typed: CDATA terminators, markup, ampersands, characters XML 1.0 forbids. Each feed must stay
// well-formed XML and give back exactly the text that was published.

const h = useHarness();

// What a strict parser refuses and sax does not check: characters XML 1.0 forbids, and `]]>`
// outside a CDATA section (a CDATA section broken open by its content leaves one behind).
const FORBIDDEN = /[^\t\n\r\x20-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u;

// sax (rss-parser's own XML parser, through xml2js) in strict mode; it ships no types.
interface SaxParser {
  onerror: (error: Error) => void;
  resume(): void;
  write(xml: string): { close(): void };
}
const sax = createRequire(import.meta.url)("sax") as { parser(strict: true): SaxParser };

function wellFormed(xml: string): string[] {
  const errors: string[] = [];
  const parser = sax.parser(true);
  parser.onerror = (error) => {
    errors.push(error.message.split("\n")[0]!);
    parser.resume();
  };
  parser.write(xml).close();
  if (FORBIDDEN.test(xml)) errors.push("a character XML 1.0 forbids");
  if (xml.replace(/<!\[CDATA\[[\s\S]*?\]\]>/g, "").includes("]]>")) errors.push("]]> outside a CDATA section");
  return errors;
}

const HOSTILE = [
  { title: "Two ]]> and ]]> and ]]> ends", body: "Body with ]]> and ]]> again ]]>" },
  { title: "]]]]>><![CDATA[ nested", body: "]]]]>><![CDATA[<evil/>]]>" },
  { title: "<script>alert(1)</script> & <b>bold</b> &amp; &#x41;", body: "<script>alert(1)</script> & &amp; &lt; </description></item>" },
  { title: "Control \u0001 and \uFFFE and \u000B here", body: "Bell \u0007 form \u000C noncharacter \uFFFF end" },
  { title: "Unicode ✓ 𝄞 \"quotes\" 'single'", body: "Emoji 🎉 and astral 𝄞 ✓" },
];

/** What XML can carry of a string: the characters XML 1.0 forbids are left out. */
const carried = (s: string) => s.replace(new RegExp(FORBIDDEN.source, "gu"), "");

describe("the changelog's feeds", () => {
  it("stay well-formed and give back every title and body as published, whatever they contain", async () => {
    const ws = await h.workspace();
    const key = await ws.key();
    for (const entry of HOSTILE) {
      const created = await h.call("POST", "/v1/changelog", { key, json: { ...entry, type: "new" } });
      expect(created.status, entry.title).toBe(201);
      expect((await h.call("POST", `/v1/changelog/${created.body.id}/publish`, { key, json: {} })).status).toBe(200);
    }
    // Newest first.
    const published = [...HOSTILE].reverse();
    const parser = new Parser<Record<string, unknown>, { "content:encoded"?: string }>();
    for (const format of ["rss", "atom"] as const) {
      const res = await h.call("GET", `/p/${ws.slug}/changelog.${format}`);
      expect(res.status, format).toBe(200);
      const xml = String(res.body);
      expect(wellFormed(xml), format).toEqual([]);
      const feed = await parser.parseString(xml);
      expect(
        feed.items.map((i) => i.title),
        format,
      ).toEqual(published.map((e) => carried(e.title)));
      // The body reaches the feed as the HTML the portal shows (markdown rendered, raw HTML as text), unchanged.
      const bodies = feed.items.map((i) => (format === "rss" ? i["content:encoded"] : i.content));
      expect(bodies, format).toEqual(published.map((e) => carried(renderMarkdown(e.body))));
      // Nothing typed becomes markup: no element but the feed's own.
      expect(xml, format).not.toMatch(/<(script|evil|b)\b/);
    }
  });
});
