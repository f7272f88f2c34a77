import type { Schemas } from "@heed/client";
import { useQuery } from "@tanstack/react-query";
import { useId, useState } from "react";
import type { z } from "zod";
import { api, noContent, unwrap } from "../../../api.js";
import { FormField, FormSelect } from "../../../ui/form/FormField.js";
import { useApiForm } from "../../../ui/form/useApiForm.js";
import { Options } from "../../../ui/Options.js";
import { RowActions, RowForm, RowsSection, useRowWrites } from "./editing.js";
import { MoveButtons, useOrdering } from "./ordering.js";
import { boardKeys, boardsQuery } from "../../../data/boards.js";
import { boardSchema } from "./schemas.js";

// Boards: where end users post ideas, in the order the team sets (the dashboard's and the
// portal's). A private board never appears in the portal. A board that holds posts is deleted
// only by moving its posts to another board first.

type Board = Schemas["Board"];
type BoardInput = z.output<typeof boardSchema>;

function BoardForm({ board, onSave, onCancel }: { board?: Board; onSave: (b: BoardInput) => Promise<unknown>; onCancel: () => void }) {
  const form = useApiForm(boardSchema, {
    defaultValues: { name: board?.name ?? "", slug: board?.slug ?? "", description: board?.description ?? "", visibility: board?.visibility ?? "public" },
  });
  // With no slug typed, the one refused is made from the name: the refusal belongs there.
  const slugTyped = form.watch("slug") !== "";
  return (
    <RowForm what="board" item={board} form={form} onSave={onSave} onCancel={onCancel} fields={slugTyped ? undefined : { slug: "name" }}>
      <FormField name="name" label="Name" required maxLength={100} />
      <FormField
        name="slug"
        label="Slug (optional)"
        maxLength={48}
        hint="The board's part of portal addresses: /p/…/b/slug. Left empty, it is made from the name."
      />
      <FormField name="description" label="Description (optional)" maxLength={2000} />
      <FormSelect name="visibility" label="Visibility">
        <option value="public">Public: in the portal</option>
        <option value="private">Private: the team only</option>
      </FormSelect>
    </RowForm>
  );
}

export function BoardsSection() {
  const moveId = useId();
  const [moveTo, setMoveTo] = useState("");
  const read = boardsQuery();
  const boards = useQuery(read);
  const { editing, edit, save, remove, refresh } = useRowWrites(boardKeys.all, {
    save: async (id: string | undefined, body: BoardInput) =>
      id ? unwrap(await api.PATCH("/boards/{id}", { params: { path: { id } }, body })) : unwrap(await api.POST("/boards", { body })),
    remove: async ({ id, movePostsTo }: { id: string; movePostsTo?: string }) =>
      noContent(await api.DELETE("/boards/{id}", { params: { path: { id }, query: movePostsTo ? { movePostsTo } : {} } })),
  });
  const reorder = useOrdering<Board>(read.queryKey, async (ids) => unwrap(await api.POST("/boards/reorder", { body: { ids } })), refresh);
  return (
    <RowsSection
      title="Boards"
      what="boards"
      one="board"
      read={boards}
      error={remove.error ?? reorder.error}
      ordered
      empty={<p>No boards yet: create the first place for ideas to land.</p>}
      rows={{ editing, edit }}
      form={(b) => <BoardForm board={b} onSave={(body) => save.mutateAsync({ id: b?.id, body })} onCancel={() => edit(null)} />}
      row={(b, index, all) => (
        <>
          <div>
            <strong>{b.name}</strong> <span className={`badge ${b.visibility === "private" ? "" : "good"}`}>{b.visibility}</span>
            <br />
            <span className="muted">/b/{b.slug}</span>
            {b.description && <span className="muted"> · {b.description}</span>}
          </div>
          <RowActions
            name={b.name}
            onEdit={() => edit(b.id)}
            confirm="Delete the board"
            onDelete={() => remove.mutate({ id: b.id, movePostsTo: moveTo || undefined })}
            before={<MoveButtons kind="board" item={b} index={index} all={all} onMove={reorder.move} />}
          >
            <p>A board that holds posts is deleted only with its posts moved to another board.</p>
            <label htmlFor={`${moveId}-${b.id}`}>Move its posts to</label>
            <select id={`${moveId}-${b.id}`} value={moveTo} onChange={(event) => setMoveTo(event.target.value)}>
              <option value="">Nowhere: it holds none</option>
              <Options items={all.filter((other) => other.id !== b.id)} />
            </select>
          </RowActions>
        </>
      )}
    />
  );
}
