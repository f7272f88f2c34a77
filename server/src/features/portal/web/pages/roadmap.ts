import { html } from "hono/html";
import { getPortalRoadmap } from "../../roadmap.js";
import { getPortalWorkspace } from "../../workspace.js";
import type { PortalRequest } from "../context.js";
import { voteCount } from "../fragments.js";
import { type Html, page } from "../layout.js";

// The roadmap (/p/{workspace}/roadmap): public ideas under consideration, in progress and shipped,
// most voted first; each column links to the full list of its category.

export async function roadmapPage(r: PortalRequest): Promise<Html> {
  const { t } = r.frame;
  const [workspace, roadmap] = await Promise.all([getPortalWorkspace({ ctx: r.ctx }), getPortalRoadmap({ ctx: r.ctx, input: { limit: 20 } })]);
  return page(
    r.frame,
    {
      title: `${t.t("roadmap.title")} · ${workspace.name}`,
      description: t.t("roadmap.description", { workspace: workspace.name }),
      canonical: r.url("/roadmap"),
      section: "roadmap",
    },
    html`<h1>${t.t("roadmap.title")}</h1>
<p class="lede">${t.t("roadmap.description", { workspace: workspace.name })}</p>
<div class="roadmap">${roadmap.columns.map(
      (column) => html`<section class="column" aria-labelledby="column-${column.category}">
<h2 id="column-${column.category}">${t.t(`roadmap.${column.category}`)}</h2>
${
  column.posts.length === 0
    ? html`<p class="muted">${t.t("roadmap.empty")}</p>`
    : html`<ul>${column.posts.map((p) => html`<li class="post">${voteCount(r.frame, p.voteCount)}<div><h3><a href="${r.frame.base}/posts/${p.id}">${p.title}</a></h3><p>${p.status.name}</p></div></li>`)}</ul>`
}
${column.nextCursor ? html`<p><a href="${r.frame.base}/ideas?status=${column.category}&amp;sort=votes">${t.t("roadmap.more")}</a></p>` : ""}
</section>`,
    )}</div>`,
  );
}
