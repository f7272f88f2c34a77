import { type Announcements, DndContext, type DragEndEvent, KeyboardSensor, PointerSensor, rectIntersection, useSensor, useSensors } from "@dnd-kit/core";
import type { Schemas } from "@heed/client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { useCurrentWorkspace } from "../../role.js";
import { api, unwrap } from "../../api.js";
import { ErrorAlert, Loaded } from "../../ui/QueryState.js";
import { postKeys } from "../../data/posts.js";
import { statusesQuery } from "../../data/statuses.js";
import { ColumnChooser } from "./ColumnChooser.js";
import { arrange, useColumnChoice } from "./columns.js";
import { columnCoordinates } from "./keyboard.js";
import { RoadmapColumn } from "./RoadmapColumn.js";
import { MoveConfirm } from "./MoveConfirm.js";
import { toldLine } from "../../ui/TellFollowers.js";

// The roadmap (/app/roadmap): a column per chosen status (columns.ts), most voted first. Moving a card to another
// column changes the post's status (one request, the same `post.status_changed` event as
// anywhere); the card shows in its new column at once and goes back if the change is refused.
// A card someone follows waits in its new column for the person to confirm, with "Tell the N
// people who follow" unticked: a drag tells nobody unless asked to (MoveConfirm.tsx).

type Post = Schemas["Post"];
type Move = { post: Post; to: string; notify: boolean };

export function Roadmap() {
  const queries = useQueryClient();
  const [moves, setMoves] = useState<Move[]>([]);
  const [pending, setPending] = useState<Move | null>(null);
  const statuses = useQuery(statusesQuery());
  const all = statuses.data?.data ?? [];
  const { choice, choose, reset, chosenByPerson } = useColumnChoice(useCurrentWorkspace()?.id, all);
  const arranged = arrange(all, choice);
  const columns = arranged.filter((a) => a.shown).map((a) => a.status);
  const columnIds = useRef<string[]>([]);
  columnIds.current = columns.map((s) => s.id);
  const names = new Map(columns.map((s) => [s.id, s.name]));
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: columnCoordinates(() => columnIds.current) }),
  );
  const change = useMutation({
    mutationFn: async ({ post, to, notify }: Move) =>
      unwrap(await api.POST("/posts/{id}/status", { params: { path: { id: post.id } }, body: { statusId: to, notify } })),
    onSettled: async (_answer, _error, move) => {
      await queries.invalidateQueries({ queryKey: postKeys.lists() });
      setMoves((all) => all.filter((m) => m.post.id !== move.post.id));
    },
  });
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    const post = active.data.current?.post as Post | undefined;
    const from = moves.find((m) => m.post.id === active.id)?.to ?? post?.status.id;
    if (!post || !over || over.id === from) return;
    const to = String(over.id);
    const move = { post: { ...post, status: { ...post.status, id: to, name: names.get(to) ?? post.status.name } }, to, notify: false };
    setMoves((all) => [...all.filter((m) => m.post.id !== post.id), move]);
    // Nobody to tell: it moves at once. Otherwise the person chooses first.
    if (post.followerCount > 0) setPending(move);
    else change.mutate(move);
  };
  const confirm = (notify: boolean) => {
    if (!pending) return;
    change.mutate({ ...pending, notify });
    setPending(null);
  };
  const putBack = () => {
    if (!pending) return;
    setMoves((all) => all.filter((m) => m.post.id !== pending.post.id));
    setPending(null);
  };
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up “${active.data.current?.title}”. Use the arrow keys to choose a column, Space to drop it there, Escape to cancel.`,
    onDragOver: ({ active, over }) => (over ? `“${active.data.current?.title}” is over ${names.get(String(over.id))}.` : undefined),
    onDragEnd: ({ active, over }) =>
      over ? `“${active.data.current?.title}” moved to ${names.get(String(over.id))}.` : `“${active.data.current?.title}” put back.`,
    onDragCancel: ({ active }) => `Moving “${active.data.current?.title}” cancelled; it is back in its column.`,
  };
  return (
    <section>
      <div className="page-head">
        <h1>Roadmap</h1>
        {statuses.isSuccess && <ColumnChooser arranged={arranged} choice={choice} choose={choose} reset={chosenByPerson ? reset : undefined} />}
      </div>
      <p className="hint">Drag a card to another column to change its status, or focus its handle, press Space, then the arrow keys.</p>
      <ErrorAlert error={change.error} lead="The status could not be changed." />
      {pending && (
        <MoveConfirm
          key={pending.post.id}
          title={pending.post.title}
          to={pending.post.status.name}
          count={pending.post.followerCount}
          onMove={confirm}
          onPutBack={putBack}
        />
      )}
      {change.isSuccess && !pending && (
        <p role="status" className="hint">
          “{change.data.post.title}” is {change.data.post.status.name}. {toldLine(change.data.notified)}
        </p>
      )}
      <Loaded read={statuses} what="the roadmap">
        <DndContext
          sensors={sensors}
          collisionDetection={rectIntersection}
          onDragEnd={onDragEnd}
          accessibility={{
            announcements,
            screenReaderInstructions: { draggable: "Press Space to pick the card up, the arrow keys to choose a column, Space again to drop it." },
          }}
        >
          {columns.length === 0 && <p className="muted">No columns are chosen. Open “Columns” to pick the statuses to show.</p>}
          <div className="roadmap">
            {columns.map((s) => (
              <RoadmapColumn
                key={s.id}
                status={s}
                arrived={moves.filter((m) => m.to === s.id).map((m) => m.post)}
                left={new Set(moves.filter((m) => m.to !== s.id).map((m) => m.post.id))}
              />
            ))}
          </div>
        </DndContext>
      </Loaded>
    </section>
  );
}
