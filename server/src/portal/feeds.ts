import { Feed } from "feed";
import { listPortalChangelog } from "../core/portal/changelog.js";
import { plainExcerpt, renderMarkdown } from "../lib/markdown.js";
import type { PortalRequest } from "./context.js";

// The changelog as RSS 2.0 and Atom 1.0 (the `feed` package writes both): the 50 most recent
// published entries, each with its text as HTML and a plain summary.

export async function changelogFeed(r: PortalRequest, format: "rss" | "atom"): Promise<string> {
  const { t } = r.frame;
  const entries = await listPortalChangelog({ ctx: r.ctx, input: { limit: 50 } });
  const feed = new Feed({
    title: `${t.t("changelog.title")} · ${r.frame.workspace.name}`,
    description: t.t("changelog.description", { workspace: r.frame.workspace.name }),
    id: r.url("/changelog"),
    link: r.url("/changelog"),
    language: t.locale,
    copyright: r.frame.workspace.name,
    updated: entries.data[0] ? new Date(entries.data[0].publishedAt) : new Date(0),
    feedLinks: { rss: r.url("/changelog.rss"), atom: r.url("/changelog.atom") },
  });
  for (const e of entries.data) {
    feed.addItem({
      title: e.title,
      id: r.url(`/changelog#entry-${e.id}`),
      link: r.url(`/changelog#entry-${e.id}`),
      date: new Date(e.publishedAt),
      description: plainExcerpt(e.body, 300),
      content: renderMarkdown(e.body),
      category: [{ name: t.t(`changelog.type.${e.type}`) }],
    });
  }
  return format === "rss" ? feed.rss2() : feed.atom1();
}
