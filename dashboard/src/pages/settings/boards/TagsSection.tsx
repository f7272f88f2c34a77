import { FormActions } from "../../../ui/FormActions.js";
import type { Schemas } from "@heed/client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useId, useState } from "react";
import { api, noContent, problemOf, unwrap } from "../../../api.js";
import { ConfirmButton } from "../../../ui/Confirm.js";
import { Field, FormError } from "../../../ui/Field.js";
import { QueryState } from "../../../ui/QueryState.js";
import { Swatch } from "../../../ui/Swatch.js";

// Tags: the team's own labels on posts (never shown in the portal). Deleting one takes it off
// every post.

type Tag = Schemas["Tag"];
type TagInput = { name: string; color: string };

function TagForm({
  tag,
  pending,
  error,
  onSave,
  onCancel,
}: {
  tag?: Tag;
  pending: boolean;
  error: unknown;
  onSave: (t: TagInput) => void;
  onCancel: () => void;
}) {
  const problem = error ? problemOf(error) : null;
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    onSave({ name: String(form.get("name")).trim(), color: String(form.get("color")) });
  };
  return (
    <form onSubmit={onSubmit} noValidate className="panel" aria-label={tag ? `Edit ${tag.name}` : "New tag"}>
      <h3 className="panel-title">{tag ? `Edit ${tag.name}` : "New tag"}</h3>
      <Field label="Name" name="name" required maxLength={50} defaultValue={tag?.name} error={problem?.fields.name} />
      <Field label="Colour" name="color" type="color" defaultValue={tag?.color ?? "#3b4fd8"} error={problem?.fields.color} className="color-input" />
      <FormError problem={problem} />
      <FormActions pending={pending} label={tag ? "Save tag" : "Create tag"} onCancel={onCancel} />
    </form>
  );
}

export function TagsSection() {
  const queries = useQueryClient();
  const titleId = useId();
  const [editing, setEditing] = useState<string | "new" | null>(null);
  const tags = useQuery({ queryKey: ["tags"], queryFn: async () => unwrap(await api.GET("/tags", { params: { query: { limit: 100 } } })) });
  const refresh = () => queries.invalidateQueries({ queryKey: ["tags"] });
  const save = useMutation({
    mutationFn: async ({ id, body }: { id?: string; body: TagInput }) =>
      id ? unwrap(await api.PATCH("/tags/{id}", { params: { path: { id } }, body })) : unwrap(await api.POST("/tags", { body })),
    onSuccess: () => {
      setEditing(null);
      refresh();
    },
  });
  const remove = useMutation({
    mutationFn: async (id: string) => {
      noContent(await api.DELETE("/tags/{id}", { params: { path: { id } } }));
    },
    onSettled: refresh,
  });
  const edit = (id: string | "new" | null) => {
    save.reset();
    setEditing(id);
  };
  return (
    <section aria-labelledby={titleId}>
      <h2 id={titleId}>Tags</h2>
      {remove.error && (
        <p className="error" role="alert">
          {problemOf(remove.error).detail}
        </p>
      )}
      <QueryState
        query={tags}
        what="tags"
        isEmpty={(p) => p.data.length === 0}
        empty={<p>No tags yet. Tags sort posts your own way: by area, by customer segment, by effort.</p>}
      >
        {(page) => (
          <ul className="rows">
            {page.data.map((t) =>
              editing === t.id ? (
                <li key={t.id}>
                  <TagForm tag={t} pending={save.isPending} error={save.error} onSave={(body) => save.mutate({ id: t.id, body })} onCancel={() => edit(null)} />
                </li>
              ) : (
                <li key={t.id} className="row">
                  <div>
                    <Swatch color={t.color} /> <strong>{t.name}</strong>
                  </div>
                  <div className="actions">
                    <button type="button" className="secondary" onClick={() => edit(t.id)} aria-label={`Edit ${t.name}`}>
                      Edit
                    </button>
                    <ConfirmButton
                      label="Delete"
                      ariaLabel={`Delete ${t.name}`}
                      title={`Delete ${t.name}?`}
                      confirm="Delete the tag"
                      onConfirm={() => remove.mutate(t.id)}
                    >
                      <p>The tag comes off every post that has it.</p>
                    </ConfirmButton>
                  </div>
                </li>
              ),
            )}
          </ul>
        )}
      </QueryState>
      {editing === "new" ? (
        <TagForm pending={save.isPending} error={save.error} onSave={(body) => save.mutate({ body })} onCancel={() => edit(null)} />
      ) : (
        <button type="button" onClick={() => edit("new")}>
          New tag
        </button>
      )}
    </section>
  );
}
