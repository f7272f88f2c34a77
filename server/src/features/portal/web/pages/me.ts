import { html } from "hono/html";
import { listPortalMyVotes } from "../../me.js";
import { listPortalMyPosts } from "../../posts.js";
import type { PortalRequest } from "../context.js";
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
<section aria-labelledby="my-votes"><h2 id="my-votes">${t.t("me.votes")}</h2>${list(votes.data)}</section>`,
  );
}
