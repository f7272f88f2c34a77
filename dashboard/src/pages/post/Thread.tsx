import { useId } from "react";
import { api, problemOf, unwrap } from "../../api.js";
import { CommentForm } from "./CommentForm.js";
import { CommentItem } from "./CommentItem.js";
import { useMembers } from "./queries.js";
import { MoreButton, useCursorList } from "../../ui/useCursorList.js";

// The post's conversation, oldest first, replies under the comment they answer.

export function Thread({ postId, locked }: { postId: string; locked: boolean }) {
  const id = useId();
  const members = useMembers();
  const names = new Map((members.data?.data ?? []).map((m) => [m.id, m.name]));
  const { query: comments, items: all } = useCursorList(["post-comments", postId], async (cursor) =>
    unwrap(await api.GET("/posts/{id}/comments", { params: { path: { id: postId }, query: { limit: 100, ...cursor } } })),
  );
  const top = all.filter((c) => c.parentId === null);
  return (
    <section aria-labelledby={id} className="thread">
      <h2 id={id}>Comments</h2>
      {comments.isPending ? (
        <p className="loading" role="status" aria-busy="true">
          Loading comments…
        </p>
      ) : comments.isError ? (
        <p className="error" role="alert">
          Comments could not be loaded. {problemOf(comments.error).detail}
        </p>
      ) : top.length === 0 ? (
        <p className="muted">No comments yet.</p>
      ) : (
        <ul className="comments">
          {top.map((c) => (
            <CommentItem key={c.id} comment={c} replies={all.filter((r) => r.parentId === c.id)} names={names} />
          ))}
        </ul>
      )}
      <MoreButton list={comments} label="More comments" />
      {locked && <p className="hint">Comments are locked: end users cannot comment. The team still can.</p>}
      <CommentForm postId={postId} />
    </section>
  );
}
