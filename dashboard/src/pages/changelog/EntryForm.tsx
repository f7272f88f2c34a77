import type { Schemas } from "@heed/client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useId } from "react";
import { useNavigate } from "react-router";
import { api, problemOf, unwrap } from "../../api.js";
import { Field, FormError } from "../../ui/Field.js";
import { FormActions } from "../../ui/FormActions.js";
import { MarkdownField } from "../../ui/MarkdownField.js";
import { LinkedPosts } from "./LinkedPosts.js";

// An entry's words: title, type, the markdown body with its preview, and the posts it announces.
// A new entry is saved as a draft; publishing is a separate, deliberate step.

type Entry = Schemas["ChangelogEntry"];
type Fields = { title: string; type: Entry["type"]; body: string; postIds: string[] };

export function EntryForm({ entry }: { entry?: Entry }) {
  const id = useId();
  const navigate = useNavigate();
  const queries = useQueryClient();
  const save = useMutation({
    mutationFn: async (body: Fields) =>
      entry ? unwrap(await api.PATCH("/changelog/{id}", { params: { path: { id: entry.id } }, body })) : unwrap(await api.POST("/changelog", { body })),
    onSuccess: async (saved) => {
      queries.setQueryData(["changelog-entry", saved.id], saved);
      await queries.invalidateQueries({ queryKey: ["changelog"] });
      if (!entry) navigate(`/changelog/${saved.id}`, { replace: true });
    },
  });
  const problem = save.error ? problemOf(save.error) : null;
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    save.mutate({
      title: String(form.get("title")),
      type: String(form.get("type")) as Entry["type"],
      body: String(form.get("body")),
      postIds: form.getAll("postIds").map(String),
    });
  };
  return (
    <form onSubmit={onSubmit} aria-label={entry ? "Edit the entry" : "New entry"}>
      <Field label="Title" name="title" defaultValue={entry?.title} required maxLength={200} error={problem?.fields.title} />
      <div className="field">
        <label htmlFor={`${id}-type`}>Type</label>
        <select id={`${id}-type`} name="type" defaultValue={entry?.type ?? "new"}>
          <option value="new">New</option>
          <option value="improved">Improved</option>
          <option value="fixed">Fixed</option>
        </select>
      </div>
      <MarkdownField label="Text" name="body" defaultValue={entry?.body} rows={10} maxLength={50_000} error={problem?.fields.body} />
      <LinkedPosts initial={entry?.postIds ?? []} />
      <FormError problem={problem} />
      <FormActions pending={save.isPending} label={entry ? "Save" : "Save draft"} />
      {save.isSuccess && entry && (
        <p role="status" className="hint">
          Saved.
        </p>
      )}
    </form>
  );
}
