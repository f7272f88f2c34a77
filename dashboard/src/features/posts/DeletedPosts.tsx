import type { Schemas } from "@heed/client";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Link } from "react-router";
import { formatRelative } from "../../ui/format.js";
import { ErrorAlert, QueryState } from "../../ui/QueryState.js";
import { MoreButton, useCursorList } from "../../ui/useCursorList.js";
import { boardsQuery } from "../../data/boards.js";
import { deletedPostsQuery } from "./queries.js";
import { useRestorePosts } from "../../data/trash.js";

// The trash (GET /v1/posts/deleted): every deleted or rejected post, the last deleted first, each
// with a Restore button. Nothing empties it: a post stays restorable until the workspace goes.

type DeletedPost = Schemas["DeletedPost"];

export function DeletedPosts() {
  const { query, items } = useCursorList(deletedPostsQuery());
  const boards = useQuery(boardsQuery());
  const boardNames = new Map((boards.data?.data ?? []).map((b) => [b.id, b.name]));
  const restorePosts = useRestorePosts();
  const restore = useMutation({ mutationFn: async (post: DeletedPost) => restorePosts([post.id]).then(() => post) });
  const [restored, setRestored] = useState<DeletedPost | null>(null);
  return (
    <section className="deleted-posts">
      <div className="page-head">
        <h1>Deleted posts</h1>
        <Link to="/posts">Back to the inbox</Link>
      </div>
      <p className="muted">
        Posts deleted or rejected, the last deleted first. Each stays here until restored, with its votes and comments; a rejected post goes back to Held for
        approval, to be decided again.
      </p>
      <div role="status">
        {restored && (
          <p className="notice">
            Restored <Link to={`/posts/${restored.id}`}>{restored.title}</Link>
            {restored.rejected ? ": it waits for approval again." : "."}
          </p>
        )}
      </div>
      <ErrorAlert error={restore.error} lead="Not restored." />
      <QueryState
        query={query}
        what="deleted posts"
        isEmpty={() => items.length === 0}
        empty={
          <>
            <h2>Nothing deleted</h2>
            <p>Posts the team deletes or rejects wait here, restorable.</p>
          </>
        }
      >
        {() => (
          <>
            <ul className="post-list" aria-label="Deleted posts">
              {items.map((post) => (
                <li key={post.id} className="post-row deleted-post">
                  <div className="post-main">
                    <strong>{post.title}</strong>
                    <p className="post-meta muted">
                      <span className="badge">{post.rejected ? "Rejected" : "Deleted"}</span> {formatRelative(post.deletedAt)}
                      {boardNames.has(post.boardId) && ` · ${boardNames.get(post.boardId)}`} · {post.voteCount} {post.voteCount === 1 ? "vote" : "votes"}
                    </p>
                  </div>
                  <button
                    type="button"
                    className="secondary restore"
                    disabled={restore.isPending}
                    onClick={() => restore.mutate(post, { onSuccess: (p) => setRestored(p) })}
                  >
                    Restore<span className="visually-hidden"> {post.title}</span>
                  </button>
                </li>
              ))}
            </ul>
            <MoreButton list={query} label="More deleted posts" />
          </>
        )}
      </QueryState>
    </section>
  );
}
