import type { Schemas } from "@heed/client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { useNavigate } from "react-router";
import { api, noContent, unwrap } from "../../api.js";
import { ConfirmButton } from "../../ui/Confirm.js";
import { ApiForm } from "../../ui/form/ApiForm.js";
import { FormField } from "../../ui/form/FormField.js";
import { useApiForm } from "../../ui/form/useApiForm.js";
import { FormActions } from "../../ui/FormActions.js";
import { TIME_ZONE } from "../../ui/format.js";
import { ErrorAlert } from "../../ui/QueryState.js";
import { EntryState } from "./EntryState.js";
import { changelogKeys, entryQuery } from "./queries.js";
import { scheduleSchema } from "./schemas.js";
import { ShipLinkedPosts } from "./ShipLinkedPosts.js";
import { TellFollowers, toldLine } from "../../ui/TellFollowers.js";

// When the entry reaches users: now, at a time (typed in the reader's own time zone, which is
// shown), or no longer (back to draft). Deleting asks first. Publishing tells who follows its ideas
// and the changelog unless the person unticks it first; a schedule keeps the choice.

type Entry = Schemas["ChangelogEntry"];

export function PublishPanel({ entry }: { entry: Entry }) {
  const id = useId();
  const navigate = useNavigate();
  const queries = useQueryClient();
  const done = async (saved?: Entry) => {
    if (saved) queries.setQueryData(entryQuery(saved.id).queryKey, saved);
    await queries.invalidateQueries({ queryKey: changelogKeys.lists() });
  };
  const [notify, setNotify] = useState(true);
  const publish = useMutation({
    mutationFn: async (at: string | null) =>
      unwrap(await api.POST("/changelog/{id}/publish", { params: { path: { id: entry.id } }, body: at ? { at, notify } : { notify } })),
    onSuccess: done,
  });
  const unpublish = useMutation({
    mutationFn: async () => unwrap(await api.POST("/changelog/{id}/unpublish", { params: { path: { id: entry.id } } })),
    onSuccess: done,
  });
  const remove = useMutation({
    mutationFn: async () => noContent(await api.DELETE("/changelog/{id}", { params: { path: { id: entry.id } } })),
    onSuccess: async () => {
      await done();
      navigate("/changelog", { replace: true });
    },
  });
  const error = publish.error ?? unpublish.error ?? remove.error;
  const schedule = useApiForm(scheduleSchema, { defaultValues: { at: "" } });
  return (
    <section className="panel" aria-labelledby={id}>
      <h2 id={id} className="panel-title">
        Publishing
      </h2>
      <p>
        <EntryState entry={entry} />
      </p>
      {entry.state !== "published" && (
        <TellFollowers
          count={entry.followerCount}
          nobody="Nobody follows its ideas or the changelog by mail yet: nobody is told."
          checked={notify}
          onChange={(e) => setNotify(e.target.checked)}
        />
      )}
      {publish.isSuccess && publish.data.state === "published" && (
        <p role="status" className="hint">
          Published. {toldLine(publish.data.notified)}
        </p>
      )}
      {entry.state !== "published" && (
        <button type="button" onClick={() => publish.mutate(null)} disabled={publish.isPending}>
          Publish now
        </button>
      )}
      {entry.state !== "published" && (
        <ApiForm form={schedule} onSubmit={({ at }) => publish.mutateAsync(at)} aria-label="Schedule">
          <FormField name="at" label="Publish at" hint={`Your time zone: ${TIME_ZONE}`} type="datetime-local" step={1} required />
          <FormActions pending={publish.isPending} label={entry.state === "scheduled" ? "Reschedule" : "Schedule"} />
        </ApiForm>
      )}
      <ShipLinkedPosts entry={entry} />
      {entry.state !== "draft" && (
        <div className="spaced">
          <ConfirmButton
            label={entry.state === "published" ? "Unpublish" : "Cancel the schedule"}
            className="secondary"
            title={entry.state === "published" ? "Unpublish this entry?" : "Cancel the schedule?"}
            confirm={entry.state === "published" ? "Unpublish" : "Cancel the schedule"}
            run={unpublish}
          >
            <p>It goes back to the drafts{entry.state === "published" ? " and leaves the public changelog" : " and will not publish"}.</p>
          </ConfirmButton>
        </div>
      )}
      <div className="spaced">
        <ConfirmButton label="Delete" title="Delete this entry?" confirm="Delete the entry" run={remove}>
          <p>The entry is gone for good, from the dashboard and the public changelog.</p>
        </ConfirmButton>
      </div>
      <ErrorAlert error={error} />
    </section>
  );
}
