import { html, raw } from "hono/html";
import type { PortalPostView } from "../core/portal/view.js";
import { renderMarkdown } from "../lib/markdown.js";
import type { Frame, Html } from "./layout.js";

// Pieces several portal pages draw: a post in a list, a status, a vote count, rendered markdown.

export function statusBadge(status: { name: string; category: string }): Html {
  return html`<span class="badge ${status.category}">${status.name}</span>`;
}

export function voteCount(frame: Frame, count: number): Html {
  const words = frame.t
    .plural("post.votes", count)
    .replace(String(count.toLocaleString(frame.t.locale)), "")
    .trim();
  return html`<div class="count"><strong>${count.toLocaleString(frame.t.locale)}</strong><span>${words}</span></div>`;
}

export function postItem(frame: Frame, post: PortalPostView, boardName?: string, heading: "h2" | "h3" = "h2"): Html {
  const { t } = frame;
  const title = html`<a href="${frame.base}/posts/${post.id}">${post.title}</a>`;
  return html`<li class="post">
${voteCount(frame, post.voteCount)}
<div>
${heading === "h2" ? html`<h2>${title}</h2>` : html`<h3>${title}</h3>`}
<p>${statusBadge(post.status)} ${boardName ? t.t("post.in", { board: boardName }) : ""} · ${t.plural("post.comments", post.commentCount)}</p>
</div>
</li>`;
}

/** Markdown rendered by the shared renderer (raw HTML off), inside a `.markdown` block. */
export function markdownBlock(source: string, empty: string): Html {
  if (!source.trim()) return html`<p class="muted">${empty}</p>`;
  return html`<div class="markdown">${raw(renderMarkdown(source))}</div>`;
}

/** A date as the reader's language writes it (the server does not know their zone: UTC, said once in the markup). */
export function dateOf(frame: Frame, iso: string): Html {
  const text = new Intl.DateTimeFormat(frame.t.locale, { dateStyle: "long", timeZone: "UTC" }).format(new Date(iso));
  return html`<time datetime="${iso}">${text}</time>`;
}
