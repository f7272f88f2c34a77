import { z } from "@hono/zod-openapi";
import { html } from "hono/html";
import { listPortalEntriesAnnouncing } from "../../core/portal/changelog.js";
import { listPortalComments, type PortalCommentView } from "../../core/portal/comments.js";
import { getPortalPost } from "../../core/portal/posts.js";
import { getPortalWorkspace } from "../../core/portal/workspace.js";
import { plainExcerpt } from "../../lib/markdown.js";
import { PageQuery } from "../../schemas/fields.js";
import type { PortalRequest } from "../context.js";
import { dateOf, markdownBlock, statusBadge, voteCount } from "../fragments.js";
import { type Html, page } from "../layout.js";

// A post (/p/{workspace}/posts/{id}): what was asked, where it stands, its votes, the public
// conversation (replies under the comment they answer), where it was merged, and the changelog
// entries that announced it. Internal notes, owners and revenue never reach this page: the portal
// verbs leave them out.

export async function postPage(r: PortalRequest, id: string, query: { comments?: string | undefined }): Promise<Html> {
  const { t } = r.frame;
  const post = await getPortalPost({ ctx: r.ctx, input: { id } });
  const [workspace, comments, entries] = await Promise.all([
    getPortalWorkspace({ ctx: r.ctx }),
    listPortalComments({ ctx: r.ctx, input: { postId: post.id, ...z.object(PageQuery).parse({ limit: 100, cursor: query.comments }) } }),
    listPortalEntriesAnnouncing({ ctx: r.ctx, input: { postId: post.id } }),
  ]);
  const board = workspace.boards.find((b) => b.id === post.boardId);
  const author = (c: { author: PortalCommentView["author"] }) => (c.author ? (c.author.name ?? t.t("post.anonymous")) : t.t("post.team"));
  const top = comments.data.filter((c) => c.parentId === null);
  const comment = (c: PortalCommentView): Html =>
    html`<article class="comment" id="comment-${c.id}"><p class="meta"><strong>${author(c)}</strong> · ${dateOf(r.frame, c.createdAt)}</p>${markdownBlock(c.body, "")}</article>`;
  return page(
    r.frame,
    {
      title: `${post.title} · ${workspace.name}`,
      description: plainExcerpt(post.body) || post.title,
      canonical: r.url(`/posts/${post.id}`),
      // A merged duplicate points search engines at the idea it joined.
      noindex: Boolean(post.mergedInto) || Boolean(query.comments),
      section: "home",
    },
    html`<p class="meta">${board ? html`<a href="${r.frame.base}/b/${board.slug}">${board.name}</a>` : ""}</p>
${post.mergedInto ? html`<p class="notice" role="note">${t.t("post.merged")} <a href="${r.frame.base}/posts/${post.mergedInto}">${t.t("post.mergedLink")}</a></p>` : ""}
<div class="post-head">
${voteCount(r.frame, post.voteCount)}
<div>
<h1>${post.title}</h1>
<p class="meta">${statusBadge(post.status)} · ${author(post)} · ${dateOf(r.frame, post.createdAt)}${post.eta ? html` · ${t.t("post.eta", { date: post.eta })}` : ""}</p>
</div>
</div>
${markdownBlock(post.body, t.t("post.noDescription"))}
${
  entries.length > 0
    ? html`<section aria-labelledby="shipped-title"><h2 id="shipped-title">${t.t("post.shipped")}</h2><ul>${entries.map(
        (e) => html`<li><a href="${r.frame.base}/changelog#entry-${e.id}">${e.title}</a> · ${dateOf(r.frame, e.publishedAt)}</li>`,
      )}</ul></section>`
    : ""
}
<section aria-labelledby="comments-title">
<h2 id="comments-title">${t.t("post.comments")}</h2>
${
  top.length === 0
    ? html`<p class="muted">${t.t("post.noComments")}</p>`
    : html`<ul class="comments">${top.map((c) => {
        const replies = comments.data.filter((reply) => reply.parentId === c.id);
        return html`<li>${comment(c)}${replies.length > 0 ? html`<ul class="replies">${replies.map((reply) => html`<li>${comment(reply)}</li>`)}</ul>` : ""}</li>`;
      })}</ul>`
}
${comments.nextCursor ? html`<p class="pager"><a class="button secondary" href="?comments=${encodeURIComponent(comments.nextCursor)}">${t.t("post.moreComments")}</a></p>` : ""}
</section>`,
  );
}
