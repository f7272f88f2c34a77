import type { Schemas } from "@heed/client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useId } from "react";
import { useNavigate } from "react-router";
import { api, noContent, problemOf, unwrap } from "../../api.js";
import { ConfirmButton } from "../../ui/Confirm.js";
import { FormActions } from "../../ui/FormActions.js";
import { TIME_ZONE } from "../../ui/format.js";
import { EntryState } from "./EntryState.js";

// When the entry reaches users: now, at a time (typed in the reader's own time zone, which is
// shown), or no longer (back to draft). Deleting asks first.

type Entry = Schemas["ChangelogEntry"];

export function PublishPanel({ entry }: { entry: Entry }) {
  const id = useId();
  const navigate = useNavigate();
  const queries = useQueryClient();
  const done = async (saved?: Entry) => {
    if (saved) queries.setQueryData(["changelog-entry", saved.id], saved);
    await queries.invalidateQueries({ queryKey: ["changelog"] });
  };
  const publish = useMutation({
    mutationFn: async (at: string | null) => unwrap(await api.POST("/changelog/{id}/publish", { params: { path: { id: entry.id } }, body: at ? { at } : {} })),
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
  const onSchedule = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const local = String(new FormData(event.currentTarget).get("at"));
    // datetime-local is the reader's wall-clock time; the API takes an instant.
    publish.mutate(new Date(local).toISOString());
  };
  return (
    <section className="panel" aria-labelledby={id}>
      <h2 id={id} className="panel-title">
        Publishing
      </h2>
      <p>
        <EntryState entry={entry} />
      </p>
      {entry.state !== "published" && (
        <button type="button" onClick={() => publish.mutate(null)} disabled={publish.isPending}>
          Publish now
        </button>
      )}
      {entry.state !== "published" && (
        <form onSubmit={onSchedule} aria-label="Schedule">
          <label htmlFor={`${id}-at`}>Publish at</label>
          <p className="hint" id={`${id}-zone`}>
            Your time zone: {TIME_ZONE}
          </p>
          <input id={`${id}-at`} type="datetime-local" name="at" step={1} required aria-describedby={`${id}-zone`} />
          <FormActions pending={publish.isPending} label={entry.state === "scheduled" ? "Reschedule" : "Schedule"} />
        </form>
      )}
      {entry.state !== "draft" && (
        <div className="spaced">
          <ConfirmButton
            label={entry.state === "published" ? "Unpublish" : "Cancel the schedule"}
            className="secondary"
            title={entry.state === "published" ? "Unpublish this entry?" : "Cancel the schedule?"}
            confirm={entry.state === "published" ? "Unpublish" : "Cancel the schedule"}
            onConfirm={() => unpublish.mutate()}
          >
            <p>It goes back to the drafts{entry.state === "published" ? " and leaves the public changelog" : " and will not publish"}.</p>
          </ConfirmButton>
        </div>
      )}
      <div className="spaced">
        <ConfirmButton label="Delete" title="Delete this entry?" confirm="Delete the entry" onConfirm={() => remove.mutate()}>
          <p>The entry is gone for good, from the dashboard and the public changelog.</p>
        </ConfirmButton>
      </div>
      {error && (
        <p className="error" role="alert">
          {problemOf(error).detail}
        </p>
      )}
    </section>
  );
}
