import { newId } from "../../../platform/lib/ids.js";
import type { ImportedComment, ImportedVote, RowProblem, SourceRow } from "../model.js";
import { isNew, type Landing, previewed, record, reportKept, shownAt } from "./chunk.js";
import { personFor } from "./people.js";
import { clipped } from "./values.js";

// Votes and comments: what hangs off posts. A vote is a (post, person) pair, so a re-run or a
// duplicate row finds the pair voted and skips it; the vote keeps its batch for an undo. A comment
// whose parent comes later in the source is linked once every comment has landed (finish.ts).

const COMMENT_MAX = 10_000;

export interface PendingParent {
  commentId: string;
  parentRef: string;
  place: { file: string; row: number };
}

/** The votes already in the workspace among a chunk's (post, person) pairs, as `pairOf` numbers. */
export type VotedAlready = (pairs: { postId: string; userId: string }[]) => Promise<Set<number>>;

interface DecidedVote {
  row: SourceRow<"votes">;
  postId: string;
  userId: string;
  createdAt: string;
  problems: RowProblem[];
}

/** The post a vote or comment hangs off, landed by this import or an earlier one; else the row is skipped. */
function postOf(landing: Landing, kind: "votes" | "comments", row: SourceRow<"votes" | "comments">, postRef: string): string | undefined {
  const postId = landing.state.refs.post.get(postRef);
  if (!postId) {
    landing.report.skip(kind, row, {
      field: "postId",
      code: "post_not_found",
      message: `No such post in the import or an earlier one: the ${kind === "votes" ? "vote" : "comment"} is left out.`,
      value: postRef,
    });
  }
  return postId;
}

export async function landVotes(landing: Landing, rows: SourceRow<"votes">[], votedAlready: VotedAlready): Promise<void> {
  const { state, report } = landing;
  const decided: DecidedVote[] = [];
  for (const row of rows) {
    const vote = row.data as ImportedVote;
    const problems: RowProblem[] = [...(row.problems ?? [])];
    const postId = postOf(landing, "votes", row, vote.postRef);
    if (!postId) continue;
    const userId =
      vote.userRef !== undefined && vote.user === undefined ? state.refs.user.get(vote.userRef) : personFor(landing, { ...vote.user, ref: vote.userRef }, row);
    if (!userId) {
      report.skip("votes", row, {
        field: "userId",
        code: "user_not_found",
        message: "No such person in the import or the workspace: the vote is left out.",
        value: vote.userRef ?? vote.user?.email,
      });
      continue;
    }
    decided.push({ row, postId, userId, createdAt: vote.createdAt ?? landing.at, problems });
  }
  const already = await votedAlready(decided);
  for (const { row, postId, userId, createdAt, problems } of decided) {
    const pair = state.pairOf(postId, userId);
    if (state.votedPairs.has(pair) || already.has(pair)) {
      report.skip("votes", row, { code: "already_voted", message: "This person has voted on this post already: one vote each." });
      continue;
    }
    state.votedPairs.add(pair);
    landing.writes.votes.push({
      workspace_id: state.workspaceId,
      post_id: postId,
      user_id: userId,
      created_by: null,
      created_at: createdAt,
      import_id: landing.importId,
    });
    if (state.createdPosts.has(postId))
      landing.writes.followers.push({ workspace_id: state.workspaceId, post_id: postId, follower_id: userId, reason: "voted", created_at: createdAt });
    state.touchedPosts.add(postId);
    report.count("votes", "created");
    reportKept(landing, "votes", row, problems);
    previewed(landing, "votes", { postId, userId, createdAt: shownAt(createdAt, problems) });
  }
}

export function landComment(landing: Landing, row: SourceRow<"comments">, parents: PendingParent[]): void {
  const { state, writes, report } = landing;
  const comment = row.data as ImportedComment;
  const problems: RowProblem[] = [...(row.problems ?? [])];
  if (!isNew(landing, "comments", "comment", comment.ref, row)) return;
  const postId = postOf(landing, "comments", row, comment.postRef);
  if (!postId) return;
  const body = comment.body.trim();
  if (body === "") {
    report.skip("comments", row, { field: "body", code: "missing_body", message: "A comment needs a body." });
    return;
  }
  const authorId =
    (comment.authorRef ? state.refs.user.get(comment.authorRef) : undefined) ??
    (comment.author ? personFor(landing, { ...comment.author, ref: comment.authorRef }, row) : undefined) ??
    null;
  if (comment.authorRef && !authorId)
    problems.push({
      field: "authorId",
      code: "author_not_found",
      message: "The author is not among the imported people: the comment is kept without one.",
      value: comment.authorRef,
    });
  const createdAt = comment.createdAt ?? landing.at;
  const id = newId("comment", Date.parse(createdAt));
  const parentId = comment.parentRef ? state.refs.comment.get(comment.parentRef) : undefined;
  if (comment.parentRef && !parentId) parents.push({ commentId: id, parentRef: comment.parentRef, place: { file: row.file, row: row.row } });
  writes.comments.push({
    id,
    workspace_id: state.workspaceId,
    post_id: postId,
    parent_id: parentId ?? null,
    author_id: authorId,
    body: clipped(body, COMMENT_MAX, "body", problems),
    internal: comment.internal ? 1 : 0,
    created_at: createdAt,
    updated_at: createdAt,
    deleted_at: null,
    held: 0,
    spam_signals: null,
  });
  if (authorId && state.createdPosts.has(postId) && !comment.internal) {
    writes.followers.push({ workspace_id: state.workspaceId, post_id: postId, follower_id: authorId, reason: "commented", created_at: createdAt });
  }
  state.touchedPosts.add(postId);
  record(landing, "comment", comment.ref, id, true);
  report.count("comments", "created");
  reportKept(landing, "comments", row, problems);
  previewed(landing, "comments", { ref: comment.ref, postId, authorId, internal: comment.internal, createdAt: shownAt(createdAt, problems) });
}
