import { html } from "hono/html";
import { getPortalRoadmap } from "../../roadmap.js";
import { getPortalWorkspace } from "../../workspace.js";
import type { PortalRequest } from "../context.js";
import { voteCount } from "../fragments.js";
import { type Html, page } from "../layout.js";

// The roadmap (/p/{workspace}/roadmap): a column for each status the team shows there, in the
// team's order and named in the reader's language, with its public ideas, most voted first. Each
// column links to the full list of its status.

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
      wide: true,
    },
    html`<h1>${t.t("roadmap.title")}</h1>
<p class="lede">${t.t("roadmap.description", { workspace: workspace.name })}</p>
${
  roadmap.columns.length === 0
    ? html`<p class="empty">${t.t("roadmap.none")}</p>`
    : // Focusable, so that a keyboard can scroll the columns that do not fit sideways.
      html`<div class="roadmap" role="region" aria-label="${t.t("roadmap.title")}" tabindex="0">${roadmap.columns.map(
        ({ status, posts, nextCursor }) => html`<section class="column" aria-labelledby="column-${status.id}">
<h2 id="column-${status.id}">${status.name}</h2>
${
  posts.length === 0
    ? html`<p class="muted">${t.t("roadmap.empty")}</p>`
    : html`<ul>${posts.map((p) => html`<li class="post">${voteCount(r.frame, p.voteCount)}<div><h3 dir="auto"><a href="${r.frame.base}/posts/${p.id}">${p.title}</a></h3></div></li>`)}</ul>`
}
${nextCursor ? html`<p><a href="${r.frame.base}/ideas?status=${status.id}&amp;sort=votes">${t.t("roadmap.more", { status: status.name })}</a></p>` : ""}
</section>`,
      )}</div>`
}`,
  );
}
