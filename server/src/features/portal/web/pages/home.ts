import { html } from "hono/html";
import { listPortalPosts } from "../../posts.js";
import { getPortalWorkspace } from "../../workspace.js";
import type { PortalRequest } from "../context.js";
import { postItem } from "../fragments.js";
import { type Html, page } from "../layout.js";

// The portal's home (/p/{workspace}): its public boards, and the ideas trending across them.

export async function homePage(r: PortalRequest): Promise<Html> {
  const { t } = r.frame;
  const workspace = await getPortalWorkspace({ ctx: r.ctx });
  const trending = await listPortalPosts({ ctx: r.ctx, input: { sort: "trending", limit: 10 } });
  const boardNames = new Map(workspace.boards.map((b) => [b.id, b.name]));
  const name = workspace.name;
  return page(
    r.frame,
    { title: t.t("home.title", { workspace: name }), description: t.t("home.description", { workspace: name }), canonical: r.url(), section: "home" },
    html`<h1>${t.t("home.title", { workspace: name })}</h1>
<p class="lede">${t.t("home.description", { workspace: name })}</p>
<section aria-labelledby="boards-title">
<h2 id="boards-title">${t.t("home.boards")}</h2>
${
  workspace.boards.length === 0
    ? html`<p class="empty">${t.t("home.noBoards")}</p>`
    : html`<ul class="boards">${workspace.boards.map(
        (b) => html`<li><a href="${r.frame.base}/b/${b.slug}">${b.name}</a>${b.description ? html`<p dir="auto">${b.description}</p>` : ""}</li>`,
      )}</ul>`
}
</section>
${
  trending.data.length > 0
    ? html`<section aria-labelledby="trending-title">
<h2 id="trending-title">${t.t("home.trending")}</h2>
<ul class="posts">${trending.data.map((p) => postItem(r.frame, p, boardNames.get(p.boardId), "h3", r.frame.base))}</ul>
</section>`
    : ""
}`,
  );
}
