import { z } from "@hono/zod-openapi";
import { html } from "hono/html";
import { getPortalChangelogEntry, listPortalChangelog, type PortalChangelogEntryView } from "../../changelog.js";
import { plainExcerpt } from "../../../../../../packages/shared/src/markdown.js";
import { PageQuery } from "../../../../platform/fields.js";
import type { PortalRequest } from "../context.js";
import { dateOf, markdownBlock } from "../fragments.js";
import { formTokenField, type Html, page } from "../layout.js";
import { getPortalNotificationPreferences } from "../../../notifications/index.js";

// The changelog (/p/{workspace}/changelog): published entries, newest first, each with the ideas
// it answers; 10 a page; its RSS and Atom feeds announced in the head and linked on the page.
// Each entry has its own page too (/p/{workspace}/changelog/{id}), where its mail links.

/**
 * Mail of new entries: a signed-in reader follows or stops in one click; a visitor, where the
 * server mails, gives an address and confirms from the mail (double opt-in). Nothing without mail.
 */
async function byEmail(r: PortalRequest, subscribed: boolean): Promise<Html | string> {
  const { t } = r.frame;
  if (!r.ctx.services.mailer) return "";
  const notice = subscribed ? html`<p class="notice" role="status">${t.t("changelog.subscribed")}</p>` : "";
  if (r.frame.reader) {
    const following = (await getPortalNotificationPreferences({ ctx: r.ctx })).changelog;
    return html`${notice}<form class="follow" method="post" action="${r.frame.base}/changelog/follow">
${formTokenField(r.frame)}<input type="hidden" name="follow" value="${following ? "0" : "1"}">
<button type="submit" class="secondary" aria-pressed="${following ? "true" : "false"}">${following ? t.t("changelog.unfollow") : t.t("changelog.follow")}</button>
${following ? html`<span class="muted">${t.t("changelog.following")}</span>` : ""}
</form>`;
  }
  return html`${notice}<form class="subscribe" method="post" action="${r.frame.base}/changelog/subscribe">
<p><label for="subscribe-email">${t.t("changelog.byEmail")}</label></p>
<p><input type="email" id="subscribe-email" name="email" autocomplete="email" required maxlength="320" placeholder="${t.t("changelog.email")}"> <button type="submit">${t.t("changelog.subscribe")}</button></p>
</form>`;
}

/** An entry as both pages show it: its kind and date, its title (as `heading`), its text and the ideas it announces. */
function entryBody(r: PortalRequest, e: PortalChangelogEntryView, heading: Html): Html {
  const { t } = r.frame;
  return html`<p class="meta"><span class="badge">${t.t(`changelog.type.${e.type}`)}</span> ${dateOf(r.frame, e.publishedAt)}</p>
${heading}
${markdownBlock(e.body, "")}
${
  e.posts.length > 0
    ? html`<p class="meta">${t.t("changelog.announces")}: ${e.posts.map((p, i) => html`${i > 0 ? ", " : ""}<a href="${r.frame.base}/posts/${p.id}">${p.title}</a>`)}</p>`
    : ""
}`;
}

/** One entry's own page (/p/{workspace}/changelog/{id}): where its mail links; null (404) unless it is published. */
export async function changelogEntryPage(r: PortalRequest, id: string): Promise<Html | null> {
  if (!/^chg_[0-9a-z]{1,40}$/i.test(id)) return null;
  const entry = await getPortalChangelogEntry({ ctx: r.ctx, input: { id } });
  if (!entry) return null;
  const { t } = r.frame;
  const name = r.frame.workspace.name;
  return page(
    r.frame,
    {
      title: `${entry.title} · ${t.t("changelog.title")} · ${name}`,
      description: plainExcerpt(entry.body) || t.t("changelog.description", { workspace: name }),
      canonical: r.url(`/changelog/${entry.id}`),
      section: "changelog",
    },
    html`<p><a href="${r.frame.base}/changelog">${t.t("changelog.all")}</a></p>
<article class="entry">
${entryBody(r, entry, html`<h1>${entry.title}</h1>`)}
</article>
${await byEmail(r, false)}`,
  );
}

export async function changelogPage(r: PortalRequest, query: { cursor?: string | undefined; subscribed?: string | undefined }): Promise<Html> {
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
${await byEmail(r, query.subscribed === "1")}
${
  entries.data.length === 0
    ? html`<p class="empty">${t.t("changelog.empty")}</p>`
    : html`<ol class="entries">${entries.data.map(
        (e) => html`<li class="entry" id="entry-${e.id}">
${entryBody(r, e, html`<h2><a href="${r.frame.base}/changelog/${e.id}">${e.title}</a></h2>`)}
</li>`,
      )}</ol>`
}
${entries.nextCursor ? html`<p class="pager"><a class="button secondary" rel="next" href="?cursor=${encodeURIComponent(entries.nextCursor)}">${t.t("changelog.older")}</a></p>` : ""}`,
  );
}
