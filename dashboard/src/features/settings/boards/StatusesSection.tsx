import type { Schemas } from "@heed/client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import type { z } from "zod";
import { api, noContent, unwrap } from "../../../api.js";
import { FormField, FormSelect } from "../../../ui/form/FormField.js";
import { useApiForm } from "../../../ui/form/useApiForm.js";
import { Options } from "../../../ui/Options.js";
import { Swatch } from "../../../ui/Swatch.js";
import { RowActions, RowForm, RowsSection, useRowWrites } from "./editing.js";
import { statusesQuery, statusKeys } from "../../../data/statuses.js";
import { statusSchema } from "./schemas.js";

// Statuses: the stages a post goes through, in the order the roadmap shows them. Each belongs to
// a category (open, active, complete, closed) that decides its roadmap column; one is the default
// of new posts. Reordered with buttons, so the keyboard does what a drag would.

type Status = Schemas["Status"];
type Category = Status["category"];
type StatusInput = z.output<typeof statusSchema>;

/** Up and down the order, by the buttons beside each status. */
const MOVES = [
  { by: -1, word: "up", arrow: "↑" },
  { by: 1, word: "down", arrow: "↓" },
] as const;

const CATEGORIES: { id: Category; name: string }[] = [
  { id: "open", name: "Open: not planned yet" },
  { id: "active", name: "Active: planned or in progress" },
  { id: "complete", name: "Complete: shipped" },
  { id: "closed", name: "Closed: won't do, or merged" },
];

function StatusForm({ status, onSave, onCancel }: { status?: Status; onSave: (s: StatusInput) => Promise<unknown>; onCancel: () => void }) {
  const form = useApiForm(statusSchema, {
    defaultValues: { name: status?.name ?? "", category: status?.category ?? "open", color: status?.color ?? "#6b7280" },
  });
  return (
    <RowForm what="status" item={status} form={form} onSave={onSave} onCancel={onCancel}>
      <FormField name="name" label="Name" required maxLength={50} />
      <FormSelect name="category" label="Category">
        <Options items={CATEGORIES} />
      </FormSelect>
      <FormField name="color" label="Colour" type="color" className="color-input" />
    </RowForm>
  );
}

export function StatusesSection() {
  const queries = useQueryClient();
  // The button that moved a status keeps the keyboard's focus, in the status's new place.
  const [focusId, setFocusId] = useState<string | null>(null);
  const read = statusesQuery();
  const statuses = useQuery(read);
  const { editing, edit, save, remove, refresh } = useRowWrites(statusKeys.all, {
    save: async (id: string | undefined, body: StatusInput | { isDefault: true }) =>
      id ? unwrap(await api.PATCH("/statuses/{id}", { params: { path: { id } }, body })) : unwrap(await api.POST("/statuses", { body: body as StatusInput })),
    remove: async (id: string) => noContent(await api.DELETE("/statuses/{id}", { params: { path: { id } } })),
  });
  const reorder = useMutation({
    mutationFn: async (ids: string[]) => unwrap(await api.POST("/statuses/reorder", { body: { ids } })),
    // Shown in the new order at once; the server's answer (or a refetch after a refusal) settles it.
    onMutate: (ids) => {
      const previous = queries.getQueryData(read.queryKey);
      if (previous) queries.setQueryData(read.queryKey, { ...previous, data: ids.map((id) => previous.data.find((s) => s.id === id)!) });
    },
    onSettled: refresh,
  });
  const move = (list: Status[], index: number, by: -1 | 1, button: string) => {
    const ids = list.map((s) => s.id);
    [ids[index], ids[index + by]] = [ids[index + by]!, ids[index]!];
    reorder.mutate(ids);
    setFocusId(button);
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs again once the list re-renders in its new order, which moved the focused button
  useEffect(() => {
    if (focusId) document.getElementById(focusId)?.focus();
  }, [focusId, statuses.data]);
  const error = remove.error ?? reorder.error ?? (editing ? null : save.error);
  return (
    <RowsSection
      title="Statuses"
      what="statuses"
      one="status"
      read={statuses}
      error={error}
      ordered
      rows={{ editing, edit }}
      form={(s) => <StatusForm status={s} onSave={(body) => save.mutateAsync({ id: s?.id, body })} onCancel={() => edit(null)} />}
      row={(s, index, all) => (
        <>
          <div>
            <Swatch color={s.color} />
            <strong>{s.name}</strong> <span className="muted">{s.category}</span> {s.isDefault && <span className="badge good">default</span>}
          </div>
          <RowActions
            name={s.name}
            onEdit={() => edit(s.id)}
            confirm="Delete the status"
            onDelete={() => remove.mutate(s.id)}
            before={
              <>
                {MOVES.map(({ by, word, arrow }) => (
                  <button
                    key={word}
                    type="button"
                    className="secondary"
                    id={`status-${word}-${s.id}`}
                    disabled={!all[index + by]}
                    onClick={() => move(all, index, by, `status-${word}-${s.id}`)}
                    aria-label={`Move ${s.name} ${word}`}
                  >
                    <span aria-hidden="true">{arrow}</span> {word === "up" ? "Up" : "Down"}
                  </button>
                ))}
                {!s.isDefault && (
                  <button
                    type="button"
                    className="secondary"
                    onClick={() => save.mutate({ id: s.id, body: { isDefault: true } })}
                    aria-label={`Make default: ${s.name}`}
                  >
                    Make default
                  </button>
                )}
              </>
            }
          >
            <p>Only a status no post has, and not the default, can be deleted: move its posts to another status first.</p>
          </RowActions>
        </>
      )}
    />
  );
}
