import type { Schemas } from "@heed/client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useId, useState } from "react";
import { api, noContent, problemOf, unwrap } from "../../../api.js";
import { ConfirmButton } from "../../../ui/Confirm.js";
import { Field, FormError } from "../../../ui/Field.js";
import { FormActions } from "../../../ui/FormActions.js";
import { QueryState } from "../../../ui/QueryState.js";

// Boards: where end users post ideas. A private board never appears in the portal. A board that
// holds posts is deleted only by moving its posts to another board first.

type Board = Schemas["Board"];
type BoardInput = { name: string; slug?: string; description: string; visibility: "public" | "private" };

function BoardForm({
  board,
  pending,
  error,
  onSave,
  onCancel,
}: {
  board?: Board;
  pending: boolean;
  error: unknown;
  onSave: (b: BoardInput) => void;
  onCancel?: () => void;
}) {
  const visibilityId = useId();
  const problem = error ? problemOf(error) : null;
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const slug = String(form.get("slug")).trim();
    onSave({
      name: String(form.get("name")).trim(),
      ...(slug ? { slug } : {}),
      description: String(form.get("description")).trim(),
      visibility: String(form.get("visibility")) as "public" | "private",
    });
  };
  return (
    <form onSubmit={onSubmit} noValidate className="panel" aria-label={board ? `Edit ${board.name}` : "New board"}>
      <h3 className="panel-title">{board ? `Edit ${board.name}` : "New board"}</h3>
      <Field label="Name" name="name" required maxLength={100} defaultValue={board?.name} error={problem?.fields.name} />
      <Field
        label="Slug (optional)"
        name="slug"
        maxLength={60}
        defaultValue={board?.slug}
        hint="Its part of portal addresses: /p/…/b/slug. Empty: made from the name."
        error={problem?.fields.slug}
      />
      <Field label="Description (optional)" name="description" maxLength={500} defaultValue={board?.description} error={problem?.fields.description} />
      <div className="field">
        <label htmlFor={visibilityId}>Visibility</label>
        <select id={visibilityId} name="visibility" defaultValue={board?.visibility ?? "public"}>
          <option value="public">Public: in the portal</option>
          <option value="private">Private: the team only</option>
        </select>
      </div>
      <FormError problem={problem} />
      <FormActions pending={pending} label={board ? "Save board" : "Create board"} onCancel={onCancel} />
    </form>
  );
}

export function BoardsSection() {
  const queries = useQueryClient();
  const moveId = useId();
  const [editing, setEditing] = useState<string | "new" | null>(null);
  const [moveTo, setMoveTo] = useState("");
  const boards = useQuery({ queryKey: ["boards"], queryFn: async () => unwrap(await api.GET("/boards", { params: { query: { limit: 100 } } })) });
  const refresh = () => queries.invalidateQueries({ queryKey: ["boards"] });
  const save = useMutation({
    mutationFn: async ({ id, body }: { id?: string; body: BoardInput }) =>
      id ? unwrap(await api.PATCH("/boards/{id}", { params: { path: { id } }, body })) : unwrap(await api.POST("/boards", { body })),
    onSuccess: () => {
      setEditing(null);
      refresh();
    },
  });
  const remove = useMutation({
    mutationFn: async ({ id, movePostsTo }: { id: string; movePostsTo?: string }) => {
      noContent(await api.DELETE("/boards/{id}", { params: { path: { id }, query: movePostsTo ? { movePostsTo } : {} } }));
    },
    onSettled: refresh,
  });
  const edit = (id: string | "new" | null) => {
    save.reset();
    setEditing(id);
  };
  return (
    <section aria-labelledby={`${moveId}-title`}>
      <h2 id={`${moveId}-title`}>Boards</h2>
      {remove.error && (
        <p className="error" role="alert">
          {problemOf(remove.error).detail}
        </p>
      )}
      <QueryState query={boards} what="boards" isEmpty={(p) => p.data.length === 0} empty={<p>No boards yet: create the first place for ideas to land.</p>}>
        {(page) => (
          <ul className="rows">
            {page.data.map((b) =>
              editing === b.id ? (
                <li key={b.id}>
                  <BoardForm
                    board={b}
                    pending={save.isPending}
                    error={save.error}
                    onSave={(body) => save.mutate({ id: b.id, body })}
                    onCancel={() => edit(null)}
                  />
                </li>
              ) : (
                <li key={b.id} className="row">
                  <div>
                    <strong>{b.name}</strong> <span className={`badge ${b.visibility === "private" ? "" : "good"}`}>{b.visibility}</span>
                    <br />
                    <span className="muted">/b/{b.slug}</span>
                    {b.description && <span className="muted"> · {b.description}</span>}
                  </div>
                  <div className="actions">
                    <button type="button" className="secondary" onClick={() => edit(b.id)} aria-label={`Edit ${b.name}`}>
                      Edit
                    </button>
                    <ConfirmButton
                      label="Delete"
                      ariaLabel={`Delete ${b.name}`}
                      title={`Delete ${b.name}?`}
                      confirm="Delete the board"
                      onConfirm={() => remove.mutate({ id: b.id, movePostsTo: moveTo || undefined })}
                    >
                      <p>A board that holds posts is deleted only with its posts moved to another board.</p>
                      <label htmlFor={`${moveId}-${b.id}`}>Move its posts to</label>
                      <select id={`${moveId}-${b.id}`} value={moveTo} onChange={(event) => setMoveTo(event.target.value)}>
                        <option value="">Nowhere: it holds none</option>
                        {page.data
                          .filter((other) => other.id !== b.id)
                          .map((other) => (
                            <option key={other.id} value={other.id}>
                              {other.name}
                            </option>
                          ))}
                      </select>
                    </ConfirmButton>
                  </div>
                </li>
              ),
            )}
          </ul>
        )}
      </QueryState>
      {editing === "new" ? (
        <BoardForm pending={save.isPending} error={save.error} onSave={(body) => save.mutate({ body })} onCancel={() => edit(null)} />
      ) : (
        <button type="button" onClick={() => edit("new")}>
          New board
        </button>
      )}
    </section>
  );
}
