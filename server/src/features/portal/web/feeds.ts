import { listPortalChangelog } from "../changelog.js";
import { plainExcerpt, renderMarkdown } from "../../../../../packages/shared/src/markdown.js";
import type { PortalRequest } from "./context.js";
import { element as el, lines, xmlDocument } from "./xml.js";

// The changelog as RSS 2.0 and Atom 1.0: the 50 most recent published entries, each with its text
// as HTML and a plain summary. Written here with one escaper (xml.ts) rather than by the `feed`
// package, whose CDATA sections a title holding `]]>` twice broke open and which let characters
// XML forbids through: whatever a title or a body holds, a feed stays well-formed and a reader
// gets back exactly the text that was published.

const GENERATOR = "Heed";

/** HTML for a feed field readers show as HTML (RSS `description`): the plain text, shown as text. */
const asHtmlText = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

export async function changelogFeed(r: PortalRequest, format: "rss" | "atom"): Promise<string> {
  const { t } = r.frame;
  const workspace = r.frame.workspace.name;
  const entries = (await listPortalChangelog({ ctx: r.ctx, input: { limit: 50 } })).data.map((e) => ({
    title: e.title,
    url: r.url(`/changelog#entry-${e.id}`),
    date: new Date(e.publishedAt),
    summary: plainExcerpt(e.body, 300),
    html: renderMarkdown(e.body),
    type: e.type,
    label: t.t(`changelog.type.${e.type}`),
  }));
  const channel = {
    title: `${t.t("changelog.title")} · ${workspace}`,
    description: t.t("changelog.description", { workspace }),
    link: r.url("/changelog"),
    updated: entries[0]?.date ?? new Date(0),
  };

  if (format === "rss") {
    const items = entries.map((e) =>
      el(
        "item",
        {},
        lines([
          el("title", {}, e.title),
          el("link", {}, e.url),
          el("guid", { isPermaLink: "false" }, e.url),
          el("pubDate", {}, e.date.toUTCString()),
          el("description", {}, asHtmlText(e.summary)),
          el("content:encoded", {}, e.html),
          el("category", {}, e.label),
        ]),
      ),
    );
    return xmlDocument(
      el(
        "rss",
        { version: "2.0", "xmlns:atom": "http://www.w3.org/2005/Atom", "xmlns:content": "http://purl.org/rss/1.0/modules/content/" },
        el(
          "channel",
          {},
          lines([
            el("title", {}, channel.title),
            el("link", {}, channel.link),
            el("description", {}, channel.description),
            el("language", {}, t.locale),
            el("copyright", {}, workspace),
            el("lastBuildDate", {}, channel.updated.toUTCString()),
            el("docs", {}, "https://www.rssboard.org/rss-specification"),
            el("generator", {}, GENERATOR),
            el("atom:link", { href: r.url("/changelog.rss"), rel: "self", type: "application/rss+xml" }),
            ...items,
          ]),
        ),
      ),
    );
  }

  const items = entries.map((e) =>
    el(
      "entry",
      {},
      lines([
        el("title", { type: "text" }, e.title),
        el("id", {}, e.url),
        el("link", { rel: "alternate", href: e.url }),
        el("updated", {}, e.date.toISOString()),
        el("published", {}, e.date.toISOString()),
        el("summary", { type: "text" }, e.summary),
        el("content", { type: "html" }, e.html),
        el("category", { term: e.type, label: e.label }),
      ]),
    ),
  );
  return xmlDocument(
    el(
      "feed",
      { xmlns: "http://www.w3.org/2005/Atom", "xml:lang": t.locale },
      lines([
        el("id", {}, channel.link),
        el("title", { type: "text" }, channel.title),
        el("subtitle", { type: "text" }, channel.description),
        el("updated", {}, channel.updated.toISOString()),
        el("link", { rel: "alternate", href: channel.link }),
        el("link", { rel: "self", href: r.url("/changelog.atom"), type: "application/atom+xml" }),
        el("author", {}, el("name", {}, workspace)),
        el("rights", {}, workspace),
        el("generator", {}, GENERATOR),
        ...items,
      ]),
    ),
  );
}
