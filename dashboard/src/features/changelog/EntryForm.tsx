import type { Schemas } from "@heed/client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import { api, unwrap } from "../../api.js";
import { ApiForm } from "../../ui/form/ApiForm.js";
import { FormAlert } from "../../ui/form/FormAlert.js";
import { FormField, FormSelect } from "../../ui/form/FormField.js";
import { useApiForm } from "../../ui/form/useApiForm.js";
import { FormActions } from "../../ui/FormActions.js";
import { MarkdownField } from "../../ui/MarkdownField.js";
import { LinkedPosts } from "./LinkedPosts.js";
import { changelogKeys, entryQuery } from "./queries.js";
import { entrySchema } from "./schemas.js";

// An entry's words: title, type, the markdown body with its preview, and the posts it announces.
// A new entry is saved as a draft; publishing is a separate, deliberate step.

type Entry = Schemas["ChangelogEntry"];
type Fields = { title: string; type: Entry["type"]; body: string; postIds: string[] };

export function EntryForm({ entry }: { entry?: Entry }) {
  const navigate = useNavigate();
  const queries = useQueryClient();
  const form = useApiForm(entrySchema, {
    defaultValues: { title: entry?.title ?? "", type: entry?.type ?? "new", body: entry?.body ?? "", postIds: entry?.postIds ?? [] },
  });
  const save = useMutation({
    mutationFn: async (body: Fields) =>
      entry ? unwrap(await api.PATCH("/changelog/{id}", { params: { path: { id: entry.id } }, body })) : unwrap(await api.POST("/changelog", { body })),
    onSuccess: async (saved) => {
      queries.setQueryData(entryQuery(saved.id).queryKey, saved);
      await queries.invalidateQueries({ queryKey: changelogKeys.lists() });
      if (!entry) navigate(`/changelog/${saved.id}`, { replace: true });
    },
  });
  return (
    <ApiForm form={form} onSubmit={(body) => save.mutateAsync(body)} aria-label={entry ? "Edit the entry" : "New entry"}>
      <FormField name="title" label="Title" required maxLength={200} />
      <FormSelect name="type" label="Type">
        <option value="new">New</option>
        <option value="improved">Improved</option>
        <option value="fixed">Fixed</option>
      </FormSelect>
      <MarkdownField label="Text" name="body" rows={10} maxLength={50_000} />
      <LinkedPosts />
      <FormAlert />
      <FormActions label={entry ? "Save" : "Save draft"} />
      {save.isSuccess && entry && (
        <p role="status" className="hint">
          Saved.
        </p>
      )}
    </ApiForm>
  );
}
