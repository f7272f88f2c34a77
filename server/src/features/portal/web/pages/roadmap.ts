import { html } from "hono/html";
import { getPortalRoadmap } from "../../roadmap.js";
import { getPortalWorkspace } from "../../workspace.js";
import type { PortalRequest } from "../context.js";
import { voteCount } from "../fragments.js";
import { type Html, page } from "../layout.js";

// The roadmap (/p/{workspace}/roadmap): public ideas under consideration, planned, in progress and
// shipped, most voted first. The API groups posts by status category (open, active, complete); the
// page shows each status of those categories as a column of its own, in the team's order, so a
// "Planned" idea never sits under "In progress". Each column links to the full list of its status.

export async function roadmapPage(r: PortalRequest): Promise<Html> {
  const { t } = r.frame;
  const [workspace, roadmap] = await Promise.all([getPortalWorkspace({ ctx: r.ctx }), getPortalRoadmap({ ctx: r.ctx, input: { limit: 20 } })]);
  const columns = roadmap.columns.flatMap((category) =>
    category.statuses.map((status) => ({
      status,
      posts: category.posts.filter((p) => p.status.id === status.id),
      // The category's first page may end before this status's posts do.
      more: category.nextCursor !== null,
    })),
  );
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
<div class="roadmap">${columns.map(
      ({ status, posts, more }) => html`<section class="column" aria-labelledby="column-${status.id}">
<h2 id="column-${status.id}">${status.name}</h2>
${
  posts.length === 0
    ? html`<p class="muted">${t.t("roadmap.empty")}</p>`
    : html`<ul>${posts.map((p) => html`<li class="post">${voteCount(r.frame, p.voteCount)}<div><h3 dir="auto"><a href="${r.frame.base}/posts/${p.id}">${p.title}</a></h3></div></li>`)}</ul>`
}
${more ? html`<p><a href="${r.frame.base}/ideas?status=${status.id}&amp;sort=votes">${t.t("roadmap.more", { status: status.name })}</a></p>` : ""}
</section>`,
    )}</div>`,
  );
}
