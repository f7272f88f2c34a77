import { useDroppable } from "@dnd-kit/core";
import type { Schemas } from "@heed/client";
import { useId } from "react";
import { ErrorAlert, Loading } from "../../ui/QueryState.js";
import { MoreButton, useCursorList } from "../../ui/useCursorList.js";
import { roadmapColumnQuery } from "./queries.js";
import { RoadmapCard } from "./RoadmapCard.js";

// One status as a column, most voted first, a page at a time; a drop target for cards.

type Post = Schemas["Post"];
type Status = Schemas["Status"];

interface Props {
  status: Status;
  /** Cards dropped here that the server has not listed yet, and cards moved away from here. */
  arrived: Post[];
  left: Set<string>;
}

export function RoadmapColumn({ status, arrived, left }: Props) {
  const id = useId();
  const { setNodeRef, isOver } = useDroppable({ id: status.id, data: { name: status.name } });
  const { query: posts, items } = useCursorList(roadmapColumnQuery(status.id));
  const listed = items.filter((p) => !left.has(p.id));
  // A card dropped here takes its place by votes (ties by id, newest first), as the server orders.
  const cards = [...arrived.filter((a) => !listed.some((p) => p.id === a.id)), ...listed].sort(
    (a, b) => b.voteCount - a.voteCount || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0),
  );
  return (
    <section ref={setNodeRef} className={isOver ? "roadmap-column over" : "roadmap-column"} aria-labelledby={id}>
      <h2 id={id} className="column-title">
        <span className={`badge status-${status.category}`}>{status.name}</span>
      </h2>
      {posts.isPending ? (
        <Loading />
      ) : posts.isError ? (
        <ErrorAlert error={posts.error} />
      ) : cards.length === 0 ? (
        <p className="muted empty-column">No posts. Drop one here.</p>
      ) : (
        <ul className="roadmap-cards" aria-label={`${status.name} posts`}>
          {cards.map((p) => (
            <RoadmapCard key={p.id} post={p} />
          ))}
        </ul>
      )}
      <MoreButton list={posts} label="More" className="secondary" />
    </section>
  );
}
