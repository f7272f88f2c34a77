import { FormActions } from "../../../ui/FormActions.js";
import type { Schemas } from "@heed/client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useEffect, useId, useState } from "react";
import { api, noContent, problemOf, unwrap } from "../../../api.js";
import { ConfirmButton } from "../../../ui/Confirm.js";
import { Field, FormError } from "../../../ui/Field.js";
import { QueryState } from "../../../ui/QueryState.js";
import { Swatch } from "../../../ui/Swatch.js";

// Statuses: the stages a post goes through, in the order the roadmap shows them. Each belongs to
// a category (open, active, complete, closed) that decides its roadmap column; one is the default
// of new posts. Reordered with buttons, so the keyboard does what a drag would.

type Status = Schemas["Status"];
type Category = Status["category"];
type StatusInput = { name: string; category: Category; color: string };

const CATEGORIES: { id: Category; label: string }[] = [
  { id: "open", label: "Open: not planned yet" },
  { id: "active", label: "Active: planned or in progress" },
  { id: "complete", label: "Complete: shipped" },
  { id: "closed", label: "Closed: won't do, or merged" },
];
const QUERY_KEY = ["statuses"];

function StatusForm({
  status,
  pending,
  error,
  onSave,
  onCancel,
}: {
  status?: Status;
  pending: boolean;
  error: unknown;
  onSave: (s: StatusInput) => void;
  onCancel: () => void;
}) {
  const categoryId = useId();
  const problem = error ? problemOf(error) : null;
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    onSave({ name: String(form.get("name")).trim(), category: String(form.get("category")) as Category, color: String(form.get("color")) });
  };
  return (
    <form onSubmit={onSubmit} noValidate className="panel" aria-label={status ? `Edit ${status.name}` : "New status"}>
      <h3 className="panel-title">{status ? `Edit ${status.name}` : "New status"}</h3>
      <Field label="Name" name="name" required maxLength={50} defaultValue={status?.name} error={problem?.fields.name} />
      <div className="field">
        <label htmlFor={categoryId}>Category</label>
        <select id={categoryId} name="category" defaultValue={status?.category ?? "open"}>
          {CATEGORIES.map((c) => (
            <option key={c.id} value={c.id}>
              {c.label}
            </option>
          ))}
        </select>
      </div>
      <Field label="Colour" name="color" type="color" defaultValue={status?.color ?? "#6b7280"} error={problem?.fields.color} className="color-input" />
      <FormError problem={problem} />
      <FormActions pending={pending} label={status ? "Save status" : "Create status"} onCancel={onCancel} />
    </form>
  );
}

export function StatusesSection() {
  const queries = useQueryClient();
  const titleId = useId();
  const [editing, setEditing] = useState<string | "new" | null>(null);
  // The button that moved a status keeps the keyboard's focus, in the status's new place.
  const [focusId, setFocusId] = useState<string | null>(null);
  const statuses = useQuery({ queryKey: QUERY_KEY, queryFn: async () => unwrap(await api.GET("/statuses", { params: { query: { limit: 100 } } })) });
  const refresh = () => queries.invalidateQueries({ queryKey: QUERY_KEY });
  const save = useMutation({
    mutationFn: async ({ id, body }: { id?: string; body: StatusInput | { isDefault: true } }) =>
      id ? unwrap(await api.PATCH("/statuses/{id}", { params: { path: { id } }, body })) : unwrap(await api.POST("/statuses", { body: body as StatusInput })),
    onSuccess: () => {
      setEditing(null);
      refresh();
    },
  });
  const reorder = useMutation({
    mutationFn: async (ids: string[]) => unwrap(await api.POST("/statuses/reorder", { body: { ids } })),
    // Shown in the new order at once; the server's answer (or a refetch after a refusal) settles it.
    onMutate: (ids) => {
      const previous = queries.getQueryData<{ data: Status[]; nextCursor: string | null }>(QUERY_KEY);
      if (previous) queries.setQueryData(QUERY_KEY, { ...previous, data: ids.map((id) => previous.data.find((s) => s.id === id)!) });
    },
    onSettled: refresh,
  });
  const remove = useMutation({
    mutationFn: async (id: string) => {
      noContent(await api.DELETE("/statuses/{id}", { params: { path: { id } } }));
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
  const edit = (id: string | "new" | null) => {
    save.reset();
    setEditing(id);
  };
  const error = remove.error ?? reorder.error ?? (editing ? null : save.error);
  return (
    <section aria-labelledby={titleId}>
      <h2 id={titleId}>Statuses</h2>
      {error && (
        <p className="error" role="alert">
          {problemOf(error).detail}
        </p>
      )}
      <QueryState query={statuses} what="statuses">
        {(page) => (
          <ol className="rows">
            {page.data.map((s, index) =>
              editing === s.id ? (
                <li key={s.id}>
                  <StatusForm
                    status={s}
                    pending={save.isPending}
                    error={save.error}
                    onSave={(body) => save.mutate({ id: s.id, body })}
                    onCancel={() => edit(null)}
                  />
                </li>
              ) : (
                <li key={s.id} className="row">
                  <div>
                    <Swatch color={s.color} />
                    <strong>{s.name}</strong> <span className="muted">{s.category}</span> {s.isDefault && <span className="badge good">default</span>}
                  </div>
                  <div className="actions">
                    <button
                      type="button"
                      className="secondary"
                      id={`status-up-${s.id}`}
                      disabled={index === 0}
                      onClick={() => move(page.data, index, -1, `status-up-${s.id}`)}
                      aria-label={`Move ${s.name} up`}
                    >
                      <span aria-hidden="true">↑</span> Up
                    </button>
                    <button
                      type="button"
                      className="secondary"
                      id={`status-down-${s.id}`}
                      disabled={index === page.data.length - 1}
                      onClick={() => move(page.data, index, 1, `status-down-${s.id}`)}
                      aria-label={`Move ${s.name} down`}
                    >
                      <span aria-hidden="true">↓</span> Down
                    </button>
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
                    <button type="button" className="secondary" onClick={() => edit(s.id)} aria-label={`Edit ${s.name}`}>
                      Edit
                    </button>
                    <ConfirmButton
                      label="Delete"
                      ariaLabel={`Delete ${s.name}`}
                      title={`Delete ${s.name}?`}
                      confirm="Delete the status"
                      onConfirm={() => remove.mutate(s.id)}
                    >
                      <p>Only a status no post has, and not the default, can be deleted: move its posts to another status first.</p>
                    </ConfirmButton>
                  </div>
                </li>
              ),
            )}
          </ol>
        )}
      </QueryState>
      {editing === "new" ? (
        <StatusForm pending={save.isPending} error={save.error} onSave={(body) => save.mutate({ body })} onCancel={() => edit(null)} />
      ) : (
        <button type="button" onClick={() => edit("new")}>
          New status
        </button>
      )}
    </section>
  );
}
