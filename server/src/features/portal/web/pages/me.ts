import type { Context } from "hono";
import { html } from "hono/html";
import type { AppEnv } from "../../../../http/env.js";
import { exportPortalMe, listPortalMyVotes } from "../../me.js";
import { isGuest } from "../../guest.js";
import { listPortalMyPosts } from "../../posts.js";
import { type PortalRequest, portalRequest } from "../context.js";
import { headersFor, noSuchPortal } from "../http.js";
import { notFoundPage } from "./notice.js";
import { postItem } from "../fragments.js";
import { type Html, page } from "../layout.js";

// "My ideas and votes" (/p/{workspace}/me): what the signed-in reader posted and voted for.
// Null (the 404 page) for an anonymous reader: there is nobody's list to show.

export async function mePage(r: PortalRequest): Promise<Html | null> {
  if (!r.ctx.customer.viewer) return null;
  const { t } = r.frame;
  const [posts, votes] = await Promise.all([listPortalMyPosts({ ctx: r.ctx, input: { limit: 50 } }), listPortalMyVotes({ ctx: r.ctx, input: { limit: 50 } })]);
  const list = (items: typeof posts.data) =>
    items.length === 0
      ? html`<p class="muted">${t.t("me.none")}</p>`
      : html`<ul class="posts">${items.map((p) => postItem(r.frame, p, undefined, "h3", `${r.frame.base}/me`))}</ul>`;
  return page(
    r.frame,
    { title: `${t.t("me.title")} · ${r.frame.workspace.name}`, description: t.t("me.title"), canonical: r.url("/me"), noindex: true, section: "me" },
    html`<h1>${t.t("me.title")}</h1>
<section aria-labelledby="my-posts"><h2 id="my-posts">${t.t("me.posts")}</h2>${list(posts.data)}</section>
<section aria-labelledby="my-votes"><h2 id="my-votes">${t.t("me.votes")}</h2>${list(votes.data)}</section>
${isGuest(r.ctx.customer.viewer) ? "" : html`<p class="my-data"><a href="${r.frame.base}/me/data" download>${t.t("me.download")}</a><br><span class="muted">${t.t("me.downloadNote")}</span></p>`}`,
  );
}

/**
 * "Download my data" (/p/{workspace}/me/data): the signed-in reader's data as a JSON file, the
 * document GET /v1/portal/me/export answers. Only their own: the reader is their session's, there
 * is no id to ask for another's. Anyone else gets the 404 page, as /me gives them, and so does a
 * guest, whose email nobody checked (exportPortalMe).
 */
export async function myDataDownload(c: Context<AppEnv>) {
  const r = await portalRequest(c);
  if (!r) return noSuchPortal(c);
  const viewer = r.ctx.customer.viewer;
  if (!viewer || isGuest(viewer)) return c.html(await notFoundPage(r.frame, r.url("/me/data")), 404, headersFor(r));
  const data = await exportPortalMe({ ctx: r.ctx });
  return c.body(JSON.stringify(data, null, 2), 200, {
    "content-type": "application/json; charset=utf-8",
    "content-disposition": `attachment; filename="${r.frame.workspace.slug}-my-data.json"`,
    "cache-control": "no-store",
    "x-content-type-options": "nosniff",
  });
}
