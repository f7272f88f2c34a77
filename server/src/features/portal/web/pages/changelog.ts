import { z } from "@hono/zod-openapi";
import { html } from "hono/html";
import { listPortalChangelog } from "../../changelog.js";
import { PageQuery } from "../../../../platform/fields.js";
import type { PortalRequest } from "../context.js";
import { dateOf, markdownBlock } from "../fragments.js";
import { type Html, page } from "../layout.js";

// The changelog (/p/{workspace}/changelog): published entries, newest first, each with the ideas
// it answers; 10 a page; its RSS and Atom feeds announced in the head and linked on the page.

export async function changelogPage(r: PortalRequest, query: { cursor?: string | undefined }): Promise<Html> {
  const { t } = r.frame;
  const name = r.frame.workspace.name;
  const entries = await listPortalChangelog({ ctx: r.ctx, input: z.object(PageQuery).parse({ limit: 10, cursor: query.cursor }) });
  const feeds = { rss: r.url("/changelog.rss"), atom: r.url("/changelog.atom"), title: `${t.t("changelog.title")} · ${name}` };
  return page(
    r.frame,
    {
      title: `${t.t("changelog.title")} · ${name}`,
      description: t.t("changelog.description", { workspace: name }),
      canonical: r.url("/changelog"),
      noindex: Boolean(query.cursor),
      feeds,
      section: "changelog",
    },
    html`<h1>${t.t("changelog.title")}</h1>
<p class="lede">${t.t("changelog.description", { workspace: name })} <a href="${feeds.rss}">RSS</a> · <a href="${feeds.atom}">Atom</a></p>
${
  entries.data.length === 0
    ? html`<p class="empty">${t.t("changelog.empty")}</p>`
    : html`<ol class="entries">${entries.data.map(
        (e) => html`<li class="entry" id="entry-${e.id}">
<p class="meta"><span class="badge">${t.t(`changelog.type.${e.type}`)}</span> ${dateOf(r.frame, e.publishedAt)}</p>
<h2>${e.title}</h2>
${markdownBlock(e.body, "")}
${
  e.posts.length > 0
    ? html`<p class="meta">${t.t("changelog.announces")}: ${e.posts.map((p, i) => html`${i > 0 ? ", " : ""}<a href="${r.frame.base}/posts/${p.id}">${p.title}</a>`)}</p>`
    : ""
}
</li>`,
      )}</ol>`
}
${entries.nextCursor ? html`<p class="pager"><a class="button secondary" rel="next" href="?cursor=${encodeURIComponent(entries.nextCursor)}">${t.t("changelog.older")}</a></p>` : ""}`,
  );
}
