import { useId } from "react";
import { Loaded } from "../../ui/QueryState.js";
import { MoreButton, useCursorList } from "../../ui/useCursorList.js";
import { useAssignable } from "../../data/members.js";
import { CommentForm } from "./CommentForm.js";
import { CommentItem } from "./CommentItem.js";
import { commentsQuery } from "./queries.js";

// The post's conversation, oldest first, replies under the comment they answer.

export function Thread({ postId, locked }: { postId: string; locked: boolean }) {
  const id = useId();
  // Every role may read the team's names (posts:read): who wrote a team comment, whom it mentions.
  const members = useAssignable();
  const names = new Map((members.data?.data ?? []).map((m) => [m.id, m.name]));
  const { query: comments, items: all } = useCursorList(commentsQuery(postId));
  const top = all.filter((c) => c.parentId === null);
  return (
    <section aria-labelledby={id} className="thread">
      <h2 id={id}>Comments</h2>
      <Loaded read={comments} what="comments">
        {top.length === 0 ? (
          <p className="muted">No comments yet.</p>
        ) : (
          <ul className="comments">
            {top.map((c) => (
              <CommentItem key={c.id} comment={c} replies={all.filter((r) => r.parentId === c.id)} names={names} />
            ))}
          </ul>
        )}
      </Loaded>
      <MoreButton list={comments} label="More comments" />
      {locked && <p className="hint">Comments are locked: end users cannot comment. The team still can.</p>}
      <CommentForm postId={postId} />
    </section>
  );
}
