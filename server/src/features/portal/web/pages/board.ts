import { html, raw } from "hono/html";
import { listPortalPosts } from "../../posts.js";
import { getPortalWorkspace } from "../../workspace.js";
import { ListPortalPostsQuery } from "../../schema.js";
import type { PortalRequest } from "../context.js";
import { postItem } from "../fragments.js";
import { type Html, page } from "../layout.js";

// A board (/p/{workspace}/b/{board}): its ideas sorted trending, top or new, filtered by status and
// words, 20 a page with a "More ideas" link that carries the cursor. Everything is a link or a
// GET form, so it all works with JavaScript off.

const SORTS = [
  { id: "relevance", key: "board.sort.relevance" },
  { id: "trending", key: "board.sort.trending" },
  { id: "votes", key: "board.sort.votes" },
  { id: "newest", key: "board.sort.newest" },
] as const;
type Sort = (typeof SORTS)[number]["id"];

const STAGES = ["open", "active", "complete"] as const;

/** A search ranks by best match unless the reader chose another sort; without words, trending. */
function defaultSort(q: string | undefined): Sort {
  return q?.trim() ? "relevance" : "trending";
}

function sortOf(q: string | undefined, asked: string | undefined): Sort {
  const sort = SORTS.find((s) => s.id === asked)?.id;
  return sort === undefined || (sort === "relevance" && !q?.trim()) ? defaultSort(q) : sort;
}

export interface BoardQuery {
  sort?: string | undefined;
  status?: string | undefined;
  q?: string | undefined;
  cursor?: string | undefined;
  /** `1`: the reader's idea was held for the team's approval (features/moderation). */
  held?: string | undefined;
}

/**
 * The board with this slug, or every public idea (`slug` null, at /p/{workspace}/ideas, where the
 * roadmap's columns continue); null for an unknown or private board.
 */
export async function boardPage(r: PortalRequest, slug: string | null, query: BoardQuery): Promise<Html | null> {
  const { t } = r.frame;
  const workspace = await getPortalWorkspace({ ctx: r.ctx });
  const found = slug === null ? undefined : workspace.boards.find((b) => b.slug === slug);
  if (slug !== null && !found) return null;
  const board = found ?? { id: undefined, slug: null, name: t.t("ideas.title"), description: "" };
  const sort = sortOf(query.q, query.sort);
  // Validated as the API validates it: a foreign or broken cursor is a 400, never a 500.
  const input = ListPortalPostsQuery.parse({
    sort,
    ...(board.id ? { boardId: board.id } : {}),
    limit: 20,
    ...(query.status ? { status: query.status } : {}),
    ...(query.q?.trim() ? { q: query.q.trim() } : {}),
    ...(query.cursor ? { cursor: query.cursor } : {}),
  });
  const posts = await listPortalPosts({ ctx: r.ctx, input });
  const path = board.slug ? `${r.frame.base}/b/${board.slug}` : `${r.frame.base}/ideas`;
  const link = (changes: Partial<BoardQuery>) => {
    const params = new URLSearchParams();
    const next = { sort, status: query.status, q: query.q, ...changes };
    const nextSort = sortOf(next.q, next.sort);
    if (nextSort !== defaultSort(next.q)) params.set("sort", nextSort);
    if (next.status) params.set("status", next.status);
    if (next.q) params.set("q", next.q);
    if (next.cursor) params.set("cursor", next.cursor);
    const search = params.toString();
    return search ? `${path}?${search}` : path;
  };
  const filtered = Boolean(query.status || query.q);
  // Each status once, in the team's order and the reader's language. A stage (a category, as older
  // links carry: `?status=complete`) is listed only while it is the filter, so the page says it.
  const stage = STAGES.find((c) => c === query.status);
  return page(
    r.frame,
    {
      title: `${board.name} · ${workspace.name}`,
      description: board.description || t.t("board.description", { workspace: workspace.name, board: board.name }),
      canonical: r.url(board.slug ? `/b/${board.slug}` : "/ideas"),
      // One indexed address per board: sorted, filtered and later pages are the same content.
      noindex: filtered || Boolean(query.cursor) || sort !== "trending",
      section: "home",
      ...(board.slug ? { newIdea: `${path}/new` } : {}),
    },
    html`${query.held === "1" ? html`<p class="notice" role="status">${t.t("moderation.postHeld")}</p>` : ""}<h1>${board.name}</h1>
${board.description ? html`<p class="lede" dir="auto">${board.description}</p>` : ""}
<nav aria-label="${t.t("board.sort")}"><ul class="sorts">${SORTS.filter((s) => s.id !== "relevance" || query.q?.trim()).map(
      (s) => html`<li><a href="${link({ sort: s.id, cursor: undefined })}"${s.id === sort ? raw(' aria-current="page"') : ""}>${t.t(s.key)}</a></li>`,
    )}</ul></nav>
<form class="filters" method="get" action="${path}" role="search">
${sort !== defaultSort(query.q) ? html`<input type="hidden" name="sort" value="${sort}">` : ""}
<div class="field"><label for="status">${t.t("board.status")}</label>
<select id="status" name="status"><option value="">${t.t("board.status.any")}</option>
${stage ? html`<option value="${stage}" selected>${t.t(`roadmap.${stage}`)}</option>` : ""}${workspace.statuses.map((s) => html`<option value="${s.id}"${query.status === s.id ? raw(" selected") : ""}>${s.name}</option>`)}
</select></div>
<div class="field"><label for="q">${t.t("board.search")}</label><input id="q" name="q" type="search" value="${query.q ?? ""}" maxlength="200"></div>
<button type="submit" class="secondary">${t.t("board.searchButton")}</button>
</form>
${
  posts.data.length === 0
    ? html`<p class="empty">${filtered ? t.t("board.noMatch") : t.t("board.empty")}</p>${filtered ? html`<p><a href="${link({ status: undefined, q: undefined, cursor: undefined })}">${t.t("board.clear")}</a></p>` : ""}`
    : html`<ul class="posts">${posts.data.map((p) => postItem(r.frame, p, board.id ? undefined : workspace.boards.find((b) => b.id === p.boardId)?.name, "h2", link({ cursor: query.cursor })))}</ul>`
}
${posts.nextCursor ? html`<p class="pager"><a class="button secondary" rel="next" href="${link({ cursor: posts.nextCursor })}">${t.t("board.next")}</a></p>` : ""}`,
  );
}
