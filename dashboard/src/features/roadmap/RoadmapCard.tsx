import { useDraggable } from "@dnd-kit/core";
import type { Schemas } from "@heed/client";
import { Link } from "react-router";
import { compactCount, votesLabel } from "../../ui/format.js";

// A card of the roadmap: the post's votes and title (a link to it), and a handle that moves it
// to another column by mouse, touch or keyboard.

type Post = Schemas["Post"];

export function RoadmapCard({ post }: { post: Post }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, isDragging } = useDraggable({
    id: post.id,
    data: { statusId: post.status.id, title: post.title, post },
  });
  // A transform set through the DOM (not a style attribute), which the CSP allows.
  const style = transform ? { transform: `translate3d(${transform.x}px, ${transform.y}px, 0)` } : undefined;
  return (
    <li ref={setNodeRef} style={style} className={isDragging ? "roadmap-card dragging" : "roadmap-card"}>
      <button
        type="button"
        ref={setActivatorNodeRef}
        className="drag-handle"
        {...attributes}
        {...listeners}
        aria-label={`Move “${post.title}”`}
        aria-roledescription="movable card"
      >
        ⠿
      </button>
      <span className="roadmap-votes" title={votesLabel(post.voteCount)}>
        {compactCount(post.voteCount)}
        <span className="visually-hidden"> {post.voteCount === 1 ? "vote" : "votes"}</span>
      </span>
      <Link to={`/posts/${post.id}`}>{post.title}</Link>
    </li>
  );
}
