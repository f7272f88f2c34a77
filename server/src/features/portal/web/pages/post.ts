import { z } from "@hono/zod-openapi";
import { html } from "hono/html";
import { listPortalEntriesAnnouncing } from "../../changelog.js";
import { listPortalComments, type PortalCommentView } from "../../comments.js";
import { getPortalPost } from "../../posts.js";
import { getPortalWorkspace } from "../../workspace.js";
import { isPublicPost } from "../../view.js";
import { plainExcerpt } from "../../../../../../packages/shared/src/markdown.js";
import { PageQuery } from "../../../../platform/fields.js";
import { reader } from "../../../../platform/context.js";
import type { PortalRequest } from "../context.js";
import { publicIssueStates } from "../../../integrations/index.js";
import { isFollowing } from "../../../notifications/index.js";
import { dateOf, markdownBlock, statusBadge, voteForm } from "../fragments.js";
import { type Frame, formTokenField, type Html, page } from "../layout.js";

// A post (/p/{workspace}/posts/{id}): what was asked, where it stands, its votes, the public
// conversation (replies under the comment they answer), where it was merged, and the changelog
// entries that announced it. Internal notes, owners and revenue never reach this page: the portal
// verbs leave them out.

/** A form's refusal to show beside it, with what was typed. */
export interface FormProblem {
  form: "comment" | "reply";
  parentId?: string;
  detail: string;
  body: string;
}

function commentForm(frame: Frame, postId: string, problem: FormProblem | undefined, parentId?: string): Html {
  const { t } = frame;
  const mine = problem && (parentId ? problem.form === "reply" && problem.parentId === parentId : problem.form === "comment");
  const fieldId = parentId ? `reply-${parentId}` : "comment-body";
  return html`<form class="comment-form" method="post" action="${frame.base}/posts/${postId}/comments">
${formTokenField(frame)}${parentId ? html`<input type="hidden" name="parentId" value="${parentId}">` : ""}
<label for="${fieldId}">${parentId ? t.t("comment.replyLabel") : t.t("comment.label")}</label>
<textarea id="${fieldId}" name="body" rows="${parentId ? 3 : 4}" maxlength="5000" required${mine ? html` aria-invalid="true" aria-describedby="${fieldId}-error"` : ""}>${mine ? problem.body : ""}</textarea>
${mine ? html`<p class="error" id="${fieldId}-error" role="alert">${t.t("form.error", { detail: problem.detail })}</p>` : ""}
<button type="submit">${parentId ? t.t("comment.sendReply") : t.t("comment.send")}</button>
</form>`;
}

/** Follow or stop following: a button that says which, and what following brings. */
function followForm(frame: Frame, postId: string, following: boolean): Html {
  const { t } = frame;
  return html`<form class="follow" method="post" action="${frame.base}/posts/${postId}/follow">
${formTokenField(frame)}<input type="hidden" name="follow" value="${following ? "0" : "1"}">
<button type="submit" class="secondary" aria-pressed="${following ? "true" : "false"}" aria-describedby="follow-hint">${following ? t.t("follow.following") : t.t("follow.follow")}</button>
<span class="muted" id="follow-hint">${t.t("follow.hint")}</span>
</form>`;
}

export async function postPage(
  r: PortalRequest,
  id: string,
  // `held=1`: the reader's comment was held for the team's approval (features/moderation).
  query: { comments?: string | undefined; held?: string | undefined },
  problem?: FormProblem,
): Promise<Html> {
  const { t } = r.frame;
  const post = await getPortalPost({ ctx: r.ctx, input: { id } });
  const [workspace, comments, entries, tracked, survivorShown] = await Promise.all([
    getPortalWorkspace({ ctx: r.ctx }),
    listPortalComments({ ctx: r.ctx, input: { postId: post.id, ...z.object(PageQuery).parse({ limit: 100, cursor: query.comments }) } }),
    listPortalEntriesAnnouncing({ ctx: r.ctx, input: { postId: post.id } }),
    publicIssueStates(r.ctx, post.id),
    // Merged into a post on a private board: the merge is told, the post it went into is not.
    post.mergedInto ? isPublicPost(reader(r.ctx), r.ctx, post.mergedInto) : false,
  ]);
  const board = workspace.boards.find((b) => b.id === post.boardId);
  const author = (c: { author: PortalCommentView["author"] }) => (c.author ? (c.author.name ?? t.t("post.anonymous")) : t.t("post.team"));
  const top = comments.data.filter((c) => c.parentId === null);
  const comment = (c: PortalCommentView): Html =>
    html`<article class="comment" id="comment-${c.id}"><p class="meta"><strong>${author(c)}</strong>${c.author?.type === "member" ? html` <span class="badge">${t.t("post.teamBadge")}</span>` : ""} · ${dateOf(r.frame, c.createdAt)}</p>${markdownBlock(c.body, "")}</article>`;
  return page(
    r.frame,
    {
      title: `${post.title} · ${workspace.name}`,
      description: plainExcerpt(post.body) || post.title,
      canonical: r.url(`/posts/${post.id}`),
      // A merged duplicate points search engines at the idea it joined.
      noindex: Boolean(post.mergedInto) || Boolean(query.comments),
      section: "home",
      ...(board ? { newIdea: `${r.frame.base}/b/${board.slug}/new` } : {}),
    },
    html`<p class="meta">${board ? html`<a href="${r.frame.base}/b/${board.slug}">${board.name}</a>` : ""}</p>
${post.mergedInto ? html`<p class="notice" role="note">${t.t("post.merged")}${survivorShown ? html` <a href="${r.frame.base}/posts/${post.mergedInto}">${t.t("post.mergedLink")}</a>` : ""}</p>` : ""}
<div class="post-head">
${voteForm(r.frame, post)}
<div>
<h1 dir="auto">${post.title}</h1>
<p class="meta">${statusBadge(post.status)} · ${author(post)} · ${dateOf(r.frame, post.createdAt)}${post.eta ? html` · ${t.t("post.eta", { date: t.date(post.eta) })}` : ""}</p>
</div>
</div>
${tracked.map((issue) => html`<p class="meta tracked">${t.t("post.tracked", issue)}</p>`)}
${markdownBlock(post.body, t.t("post.noDescription"))}
${r.frame.reader ? followForm(r.frame, post.id, await isFollowing(r.ctx, post.id)) : ""}
${r.frame.reader ? "" : html`<p><a href="${r.frame.base}/sign-in?redirect=${encodeURIComponent(`${r.frame.base}/posts/${post.id}`)}">${t.t("signIn.link")}</a></p>`}
${
  entries.length > 0
    ? html`<section aria-labelledby="shipped-title"><h2 id="shipped-title">${t.t("post.shipped")}</h2><ul>${entries.map(
        (e) => html`<li><a href="${r.frame.base}/changelog#entry-${e.id}">${e.title}</a> · ${dateOf(r.frame, e.publishedAt)}</li>`,
      )}</ul></section>`
    : ""
}
<section aria-labelledby="comments-title">
<h2 id="comments-title">${t.t("post.comments")}</h2>
${query.held === "1" ? html`<p class="notice" role="status" id="comment-held">${t.t("moderation.commentHeld")}</p>` : ""}
${
  top.length === 0
    ? html`<p class="muted">${t.t("post.noComments")}</p>`
    : html`<ul class="comments">${top.map((c) => {
        const replies = comments.data.filter((reply) => reply.parentId === c.id);
        const canReply = r.frame.reader && !post.commentsLocked && !post.mergedInto;
        const replying = problem?.form === "reply" && problem.parentId === c.id;
        return html`<li>${comment(c)}${replies.length > 0 ? html`<ul class="replies">${replies.map((reply) => html`<li>${comment(reply)}</li>`)}</ul>` : ""}${
          canReply
            ? html`<details class="reply"${replying ? html` open` : ""}><summary>${t.t("comment.reply")}</summary>${commentForm(r.frame, post.id, problem, c.id)}</details>`
            : ""
        }</li>`;
      })}</ul>`
}
${comments.nextCursor ? html`<p class="pager"><a class="button secondary" href="?comments=${encodeURIComponent(comments.nextCursor)}">${t.t("post.moreComments")}</a></p>` : ""}
${post.commentsLocked ? html`<p class="muted">${t.t("comment.locked")}</p>` : r.frame.reader && !post.mergedInto ? commentForm(r.frame, post.id, problem) : ""}
</section>`,
  );
}
