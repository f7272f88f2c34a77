import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId } from "react";
import { z } from "zod";
import { ApiForm } from "../../../ui/form/ApiForm.js";
import { FormAlert } from "../../../ui/form/FormAlert.js";
import { FormField } from "../../../ui/form/FormField.js";
import { useApiForm } from "../../../ui/form/useApiForm.js";
import { createImport, importKeys } from "./queries.js";

// From Canny: its API key, then a dry run (what would land, and why not) or the import itself. The
// key goes to the server once and is never shown again; the server reads Canny with it and forgets it.

const schema = z.object({
  apiKey: z.string().trim().min(1, "Paste the API key from Canny: Settings → API & Webhooks.").max(200),
  dryRun: z.boolean(),
});

export function CannyImport() {
  const titleId = useId();
  const queries = useQueryClient();
  const form = useApiForm(schema, { defaultValues: { apiKey: "", dryRun: true } });
  const ask = useMutation({
    mutationFn: (values: z.output<typeof schema>) => createImport({ source: "canny", apiKey: values.apiKey, dryRun: values.dryRun, preview: 5 }),
    onSuccess: () => {
      form.reset({ apiKey: "", dryRun: true });
      return queries.invalidateQueries({ queryKey: importKeys.all });
    },
  });
  return (
    <section aria-labelledby={titleId}>
      <h2 id={titleId}>From Canny</h2>
      <p className="muted">
        Boards, posts of every status, votes with their voters, comments and replies, companies with their spend, your people and your changelog, read through
        Canny's API.
      </p>
      <ApiForm form={form} onSubmit={(values) => ask.mutateAsync(values)}>
        <FormField
          name="apiKey"
          label="Canny API key"
          type="password"
          autoComplete="off"
          spellCheck={false}
          hint="Used for this import only, then forgotten."
        />
        <FormAlert />
        <div className="actions">
          <button type="submit" className="secondary" disabled={ask.isPending} onClick={() => form.setValue("dryRun", true)}>
            Dry run
          </button>
          <button type="submit" disabled={ask.isPending} onClick={() => form.setValue("dryRun", false)}>
            Import from Canny
          </button>
        </div>
      </ApiForm>
    </section>
  );
}
