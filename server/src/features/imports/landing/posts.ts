import { newId } from "../../../platform/lib/ids.js";
import { slugOf } from "../../boards/index.js";
import type { ImportedPost, RowPlace, RowProblem, SourceRow } from "../model.js";
import { isNew, type Landing, previewed, record, reportKept, shownAt } from "./chunk.js";
import { categoryOfStatus } from "./status-category.js";
import { personFor } from "./people.js";
import { clipped } from "./values.js";

// Posts, with the boards, statuses and tags they name (found by name, any case, or made). Imported
// posts count as seen by the team (they are history, not new arrivals for the inbox), are never
// queued for the duplicate finder, and notify nobody. The post's author, and later its voters and
// commenters, follow it as they would have in Heed, so they hear of what the team does next.

const TITLE_MAX = 200;
const BODY_MAX = 20_000;
const NAME_MAX = { board: 100, status: 50, tag: 50 };
const GREY = "#64748b";

export interface PendingMerge {
  postId: string;
  intoRef: string;
  place: { file: string; row: number };
}

function boardFor(landing: Landing, name: string, problems: RowProblem[], isPrivate = false): string {
  const { state, writes } = landing;
  const wanted = name.trim() || "Imported";
  if (!name.trim()) problems.push({ field: "board", code: "missing_board", message: "No board named: the post goes to the board “Imported”." });
  const key = wanted.toLowerCase();
  const found = state.boards.get(key) ?? state.boards.get(slugOf(wanted));
  if (found) return found;
  // A slug names a board as the export writes it: "feature-requests" becomes "Feature requests".
  const display = clipped(
    /^[a-z0-9]+(?:-[a-z0-9]+)+$/.test(wanted) ? wanted.replace(/-/g, " ").replace(/^./, (c) => c.toUpperCase()) : wanted,
    NAME_MAX.board,
    "board",
    problems,
  );
  let slug = slugOf(display);
  for (let n = 2; state.boardSlugs.has(slug); n++) slug = `${slugOf(display).slice(0, 44)}-${n}`;
  const id = newId("board");
  writes.boards.push({
    id,
    workspace_id: state.workspaceId,
    slug,
    name: display,
    description: "",
    visibility: isPrivate ? "private" : "public",
    position: state.boardPosition++,
    created_at: landing.at,
    updated_at: landing.at,
  });
  state.boardSlugs.add(slug);
  state.boards.set(key, id);
  state.boards.set(slug, id);
  record(landing, "board", slug, id, true);
  state.made.set(id, display);
  return id;
}

/** The id a status or tag of this name has in the workspace or this import; else made by `make`, recorded for the undo. */
function named(landing: Landing, kind: "status" | "tag", name: string, make: (id: string) => string): string {
  const names = kind === "status" ? landing.state.statuses : landing.state.tags;
  const key = name.toLowerCase();
  const found = names.get(key);
  if (found) return found;
  const id = newId(kind);
  landing.state.made.set(id, make(id));
  names.set(key, id);
  record(landing, kind, key, id, true);
  return id;
}

/**
 * The post's status: the one the team mapped its name to, else the workspace's (or this import's)
 * of that name, else made; the report counts each name under what it became.
 */
function statusFor(landing: Landing, name: string | undefined, problems: RowProblem[]): string {
  const { state, writes, report } = landing;
  const wanted = name?.trim();
  if (!wanted) return state.defaultStatusId;
  const mapped = state.statusMap.get(wanted.toLowerCase());
  if (mapped) {
    report.statusNamed(wanted, "mapped", mapped);
    return mapped;
  }
  const id = named(landing, "status", wanted, (id) => {
    const made = clipped(wanted, NAME_MAX.status, "status", problems);
    writes.statuses.push({
      id,
      workspace_id: state.workspaceId,
      name: made,
      category: categoryOfStatus(wanted),
      color: GREY,
      position: state.statusPosition++,
      is_default: 0,
      // As a status made through the API: on the roadmap unless closed.
      on_roadmap: categoryOfStatus(wanted) === "closed" ? 0 : 1,
      translations: "{}",
      created_at: landing.at,
      updated_at: landing.at,
    });
    return made;
  });
  const made = state.made.get(id);
  report.statusNamed(wanted, made === undefined ? "matched" : "created", id);
  if (made !== undefined) report.madeFor("statuses", id, made);
  return id;
}

function tagFor(landing: Landing, name: string, problems: RowProblem[]): string {
  return named(landing, "tag", name, (id) => {
    const made = clipped(name, NAME_MAX.tag, "tags", problems);
    landing.writes.tags.push({ id, workspace_id: landing.state.workspaceId, name: made, color: GREY, created_at: landing.at, updated_at: landing.at });
    return made;
  });
}

/** The post's author: an imported person, else a person or member the workspace knows by email. */
function authorFor(landing: Landing, post: ImportedPost, place: RowPlace, problems: RowProblem[]): string | null {
  const { state } = landing;
  const byRef = post.authorRef ? state.refs.user.get(post.authorRef) : undefined;
  if (byRef) return byRef;
  if (post.author) {
    const described = personFor(landing, { ...post.author, ref: post.authorRef }, place);
    if (described) return described;
  }
  const email = post.authorEmail?.trim().toLowerCase();
  const byEmail = email ? (state.usersByEmail.get(email)?.id ?? state.membersByEmail.get(email)) : undefined;
  if (byEmail) return byEmail;
  if (post.authorRef || email) {
    problems.push({
      field: "author",
      code: "author_not_found",
      message: "The author is not among the imported people or the workspace's: the post is kept without an author.",
      value: post.authorRef ?? email,
    });
  }
  return null;
}

export function landPost(landing: Landing, row: SourceRow<"posts">, merges: PendingMerge[]): void {
  const { state, writes, report } = landing;
  const post = row.data as ImportedPost;
  const problems: RowProblem[] = [...(row.problems ?? [])];
  if (!isNew(landing, "posts", "post", post.ref, row)) return;
  const title = post.title.trim();
  if (title === "") {
    report.skip("posts", row, { field: "title", code: "missing_title", message: "A post needs a title." });
    return;
  }
  const createdAt = post.createdAt ?? landing.at;
  const id = newId("post", Date.parse(createdAt));
  const boardId = boardFor(landing, post.board, problems, post.boardPrivate);
  const madeBoard = state.made.get(boardId);
  if (madeBoard !== undefined) report.madeFor("boards", boardId, madeBoard);
  const statusId = statusFor(landing, post.status, problems);
  const authorId = authorFor(landing, post, row, problems);
  const row_ = {
    id,
    workspace_id: state.workspaceId,
    board_id: boardId,
    status_id: statusId,
    title: clipped(title, TITLE_MAX, "title", problems),
    body: clipped(post.body, BODY_MAX, "body", problems),
    author_id: authorId,
    owner_id: null,
    vote_count: 0,
    trending_count: 0,
    comment_count: 0,
    revenue: 0,
    eta: null,
    pinned: 0 as const,
    comments_locked: 0 as const,
    merged_into_id: null,
    created_at: createdAt,
    updated_at: createdAt,
    deleted_at: null,
    seen_at: createdAt,
    last_activity_at: createdAt,
    held: 0 as const,
    spam_signals: null,
  };
  writes.posts.push(row_);
  writes.searchDocuments.push({ id, workspaceId: state.workspaceId, title: row_.title, body: row_.body });
  const tagIds = new Set(
    post.tags
      .map((t) => t.trim())
      .filter(Boolean)
      .map((t) => tagFor(landing, t, problems)),
  );
  for (const tagId of tagIds) {
    writes.postTags.push({ post_id: id, tag_id: tagId, workspace_id: state.workspaceId });
    const madeTag = state.made.get(tagId);
    if (madeTag !== undefined) report.madeFor("tags", tagId, madeTag);
  }
  if (authorId?.startsWith("usr_"))
    writes.followers.push({ workspace_id: state.workspaceId, post_id: id, follower_id: authorId, reason: "created", created_at: createdAt });
  if (post.mergedIntoRef?.trim()) merges.push({ postId: id, intoRef: post.mergedIntoRef.trim(), place: { file: row.file, row: row.row } });
  state.createdPosts.add(id);
  state.touchedPosts.add(id);
  record(landing, "post", post.ref, id, true);
  report.count("posts", "created");
  reportKept(landing, "posts", row, problems);
  previewed(landing, "posts", {
    ref: post.ref,
    title: row_.title,
    board: post.board.trim() || "Imported",
    // The status as it lands: the workspace's (mapped or matched by name), or the name it is made with.
    status: post.status === undefined ? null : (state.statusNames.get(statusId) ?? state.made.get(statusId) ?? post.status),
    tags: post.tags,
    authorId,
    createdAt: shownAt(createdAt, problems),
    mergedInto: post.mergedIntoRef ?? null,
  });
}
