import type { Schemas } from "@heed/client";
import { useQuery } from "@tanstack/react-query";
import type { z } from "zod";
import { api, noContent, unwrap } from "../../../api.js";
import { FormField } from "../../../ui/form/FormField.js";
import { useApiForm } from "../../../ui/form/useApiForm.js";
import { Swatch } from "../../../ui/Swatch.js";
import { RowActions, RowForm, RowsSection, useRowWrites } from "./editing.js";
import { tagKeys, tagsQuery } from "../../../data/tags.js";
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
  const tags = useQuery(tagsQuery());
  const { editing, edit, save, remove } = useRowWrites(tagKeys.all, {
    save: async (id: string | undefined, body: TagInput) =>
      id ? unwrap(await api.PATCH("/tags/{id}", { params: { path: { id } }, body })) : unwrap(await api.POST("/tags", { body })),
    remove: async (id: string) => noContent(await api.DELETE("/tags/{id}", { params: { path: { id } } })),
  });
  return (
    <RowsSection
      title="Tags"
      what="tags"
      one="tag"
      read={tags}
      error={remove.error}
      empty={<p>No tags yet. Tags sort posts your own way: by area, by customer segment, by effort.</p>}
      rows={{ editing, edit }}
      form={(t) => <TagForm tag={t} onSave={(body) => save.mutateAsync({ id: t?.id, body })} onCancel={() => edit(null)} />}
      row={(t) => (
        <>
          <div>
            <Swatch color={t.color} /> <strong>{t.name}</strong>
          </div>
          <RowActions name={t.name} onEdit={() => edit(t.id)} confirm="Delete the tag" onDelete={() => remove.mutate(t.id)}>
            <p>The tag comes off every post that has it.</p>
          </RowActions>
        </>
      )}
    />
  );
}
