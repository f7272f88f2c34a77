import { Link } from "react-router";
import { formatRelative } from "../../ui/format.js";
import { ErrorAlert, Loading } from "../../ui/QueryState.js";
import { MoreButton, useCursorList } from "../../ui/useCursorList.js";
import { userCommentsQuery } from "./queries.js";

// What a person wrote across posts, newest first: the start of each comment, with a link to the
// post it is on.

const EXCERPT = 240;

export function UserComments({ userId }: { userId: string }) {
  const { query: comments, items: list } = useCursorList(userCommentsQuery(userId));
  if (comments.isPending) return <Loading what="comments" />;
  if (comments.isError) return <ErrorAlert error={comments.error} />;
  if (list.length === 0) return <p className="muted">No comments yet.</p>;
  return (
    <>
      <ul className="search-results" aria-label="Comments they wrote">
        {list.map((c) => (
          <li key={c.id}>
            <span>{c.body.length > EXCERPT ? `${c.body.slice(0, EXCERPT)}…` : c.body}</span>
            <span className="nowrap">
              <Link to={`/posts/${c.postId}`}>On the post</Link> <span className="muted">{formatRelative(c.createdAt)}</span>
            </span>
          </li>
        ))}
      </ul>
      <MoreButton list={comments} label="More comments" />
    </>
  );
}
