import type { Schemas } from "@heed/client";
import { Link } from "react-router";
import { compactCount, formatRelative, votesLabel } from "../../ui/format.js";
import { formatMoney } from "../../ui/money.js";
import { HeldBadges } from "../../ui/HeldBadges.js";

// One post in the inbox: what it asks, where it stands, how many want it and what they pay.

type Post = Schemas["Post"];

interface Props {
  post: Post;
  boardName: string | undefined;
  onAuthor: (id: string) => void;
  selected: boolean;
  onSelect: (selected: boolean) => void;
  /** The row the keyboard shortcuts act on. */
  current: boolean;
}

export function PostRow({ post, boardName, onAuthor, selected, onSelect, current }: Props) {
  return (
    <li className={current ? "post-row current" : "post-row"} data-post-id={post.id}>
      <input type="checkbox" className="select-post" checked={selected} onChange={(e) => onSelect(e.target.checked)} aria-label={`Select “${post.title}”`} />
      <div className="votes" title={votesLabel(post.voteCount)}>
        <strong>{compactCount(post.voteCount)}</strong>
        <span className="muted">{post.voteCount === 1 ? "vote" : "votes"}</span>
      </div>
      <div className="post-main">
        <h2 className="post-title">
          {post.pinned && <span className="badge">pinned</span>} <Link to={`/posts/${post.id}`}>{post.title}</Link>
        </h2>
        <p className="muted post-meta">
          <span className={`badge status-${post.status.category}`}>{post.status.name}</span> {boardName && <>in {boardName} · </>}
          {post.author ? (
            <button
              type="button"
              className="link"
              onClick={() => onAuthor(post.author!.id)}
              aria-label={`${post.author.name ?? "Anonymous"}: only their posts`}
            >
              {post.author.name ?? "Anonymous"}
            </button>
          ) : (
            "the team"
          )}{" "}
          · {formatRelative(post.createdAt)} · {post.commentCount} {post.commentCount === 1 ? "comment" : "comments"}
          {post.revenue > 0 && <> · {formatMoney(post.revenue)}/mo</>}
          {post.tags.length > 0 && (
            <>
              {" · "}
              <span className="tag-chips">
                {post.tags.map((t) => (
                  <span key={t.id} className="badge">
                    {t.name}
                  </span>
                ))}
              </span>
            </>
          )}
        </p>
        {(post.heldForApproval || post.heldComments > 0) && <HeldBadges post={post} />}
        {post.possibleDuplicateOf && (
          <p className="duplicate-of">
            <span className="badge">possible duplicate</span> of <Link to={`/posts/${post.possibleDuplicateOf.id}`}>{post.possibleDuplicateOf.title}</Link>
          </p>
        )}
      </div>
    </li>
  );
}
