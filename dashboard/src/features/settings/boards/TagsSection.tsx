import type { Schemas } from "@heed/client";
import { useQuery } from "@tanstack/react-query";
import { useId } from "react";
import type { z } from "zod";
import { api, noContent, unwrap } from "../../../api.js";
import { FormField } from "../../../ui/form/FormField.js";
import { useApiForm } from "../../../ui/form/useApiForm.js";
import { ErrorAlert, QueryState } from "../../../ui/QueryState.js";
import { Swatch } from "../../../ui/Swatch.js";
import { NewItem, RowActions, RowForm, useRowWrites } from "./editing.js";
import { tagKeys, tagsQuery } from "./queries.js";
import { tagSchema } from "./schemas.js";

// Tags: the team's own labels on posts (never shown in the portal). Deleting one takes it off
// every post.

type Tag = Schemas["Tag"];
type TagInput = z.output<typeof tagSchema>;

function TagForm({ tag, onSave, onCancel }: { tag?: Tag; onSave: (t: TagInput) => Promise<unknown>; onCancel: () => void }) {
  const form = useApiForm(tagSchema, { defaultValues: { name: tag?.name ?? "", color: tag?.color ?? "#3b4fd8" } });
  return (
    <RowForm what="tag" item={tag} form={form} onSave={onSave} onCancel={onCancel}>
      <FormField name="name" label="Name" required maxLength={50} />
      <FormField name="color" label="Colour" type="color" className="color-input" />
    </RowForm>
  );
}

export function TagsSection() {
  const titleId = useId();
  const tags = useQuery(tagsQuery());
  const { editing, edit, save, remove } = useRowWrites(tagKeys.all, {
    save: async (id: string | undefined, body: TagInput) =>
      id ? unwrap(await api.PATCH("/tags/{id}", { params: { path: { id } }, body })) : unwrap(await api.POST("/tags", { body })),
    remove: async (id: string) => noContent(await api.DELETE("/tags/{id}", { params: { path: { id } } })),
  });
  return (
    <section aria-labelledby={titleId}>
      <h2 id={titleId}>Tags</h2>
      <ErrorAlert error={remove.error} />
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
                  <TagForm tag={t} onSave={(body) => save.mutateAsync({ id: t.id, body })} onCancel={() => edit(null)} />
                </li>
              ) : (
                <li key={t.id} className="row">
                  <div>
                    <Swatch color={t.color} /> <strong>{t.name}</strong>
                  </div>
                  <RowActions name={t.name} onEdit={() => edit(t.id)} confirm="Delete the tag" onDelete={() => remove.mutate(t.id)}>
                    <p>The tag comes off every post that has it.</p>
                  </RowActions>
                </li>
              ),
            )}
          </ul>
        )}
      </QueryState>
      <NewItem open={editing === "new"} label="New tag" onOpen={() => edit("new")}>
        <TagForm onSave={(body) => save.mutateAsync({ body })} onCancel={() => edit(null)} />
      </NewItem>
    </section>
  );
}
