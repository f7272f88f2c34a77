import { html, raw } from "hono/html";
import type { PortalPostView } from "../view.js";
import { renderMarkdown } from "../../../../../packages/shared/src/markdown.js";
import { type Frame, formTokenField, type Html } from "./layout.js";

// Pieces several portal pages draw: a post in a list, a status, a vote count, rendered markdown.

export function statusBadge(status: { name: string; category: string }): Html {
  return html`<span class="badge ${status.category}">${status.name}</span>`;
}

export function voteCount(frame: Frame, count: number): Html {
  const words = frame.t.plural("post.votes", count).replace(frame.t.number(count), "").trim();
  // The box is narrow: 7,936 would break inside the number, so from 10,000 on it reads 7.9K-style
  // ("12K"), the whole number in its title.
  const shown = count >= 10_000 ? frame.t.compact(count) : frame.t.number(count);
  return html`<div class="count"${count >= 10_000 ? html` title="${frame.t.number(count)}"` : ""}><strong>${shown}</strong><span>${words}</span></div>`;
}

/** Vote or take the vote back: a form, so it works without JavaScript (the script makes it instant). */
export function voteForm(frame: Frame, post: { id: string; voteCount: number; viewerHasVoted: boolean }, back?: string): Html {
  const { t } = frame;
  if (!frame.reader) return voteCount(frame, post.voteCount);
  return html`<form class="vote" method="post" action="${frame.base}/posts/${post.id}/vote" data-enhance="vote" data-label-vote="${t.t("vote.vote")}" data-label-voted="${t.t("vote.voted")}">
${formTokenField(frame)}<input type="hidden" name="voted" value="${post.viewerHasVoted ? "0" : "1"}">${back ? html`<input type="hidden" name="back" value="${back}">` : ""}
<button type="submit" class="count${post.viewerHasVoted ? " voted" : ""}" aria-pressed="${post.viewerHasVoted ? "true" : "false"}"><strong>${t.number(post.voteCount)}</strong><span>${post.viewerHasVoted ? t.t("vote.voted") : t.t("vote.vote")}</span></button>
</form>`;
}

/** A post in a list; a signed-in reader votes from the list and comes back to it (`back`). */
export function postItem(frame: Frame, post: PortalPostView, boardName?: string, heading: "h2" | "h3" = "h2", back?: string): Html {
  const { t } = frame;
  const title = html`<a href="${frame.base}/posts/${post.id}" dir="auto">${post.title}</a>`;
  return html`<li class="post">
${voteForm(frame, post, back)}
<div>
${heading === "h2" ? html`<h2>${title}</h2>` : html`<h3>${title}</h3>`}
<p>${statusBadge(post.status)} ${boardName ? t.t("post.in", { board: boardName }) : ""} · ${t.plural("post.comments", post.commentCount)}</p>
</div>
</li>`;
}

/** Markdown rendered by the shared renderer (raw HTML off), inside a `.markdown` block. */
export function markdownBlock(source: string, empty: string): Html {
  if (!source.trim()) return html`<p class="muted">${empty}</p>`;
  return html`<div class="markdown" dir="auto">${raw(renderMarkdown(source))}</div>`;
}

/** A date as the reader's language writes it (the server does not know their zone: UTC, said once in the markup). */
export function dateOf(frame: Frame, iso: string): Html {
  return html`<time datetime="${iso}">${frame.t.date(iso)}</time>`;
}
