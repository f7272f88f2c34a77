import type { Schemas } from "@heed/client";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useId, useState } from "react";
import { problemOf } from "../../api.js";
import { ApiForm } from "../../ui/form/ApiForm.js";
import { useApiForm } from "../../ui/form/useApiForm.js";
import { boardsQuery } from "../../data/boards.js";
import { statusesQuery } from "../../data/statuses.js";
import { tagsQuery } from "../../data/tags.js";
import { useAssignable } from "../../data/members.js";
import { applyToPost, type BulkAction, inBatches, startBulkJob } from "./bulk.js";
import { postKeys } from "../../data/posts.js";
import { bulkSchema } from "./schemas.js";
import { bulkPreviewQuery } from "./queries.js";
import { TellFollowers } from "../../ui/TellFollowers.js";

// What to do with the selected posts: one action at a time, applied post by post (a few at once)
// with progress, and the failures named. Merging picks one of the selection as the post that stays.
// The button names how many posts it changes, and a run acts on exactly the posts selected when
// it was pressed, whatever the list's refresh brings in meanwhile.

type Post = Schemas["Post"];

const ACTIONS = [
  { id: "status", label: "Change status" },
  { id: "tag", label: "Add a tag" },
  { id: "untag", label: "Remove a tag" },
  { id: "board", label: "Move to board" },
  { id: "owner", label: "Assign owner" },
  { id: "merge", label: "Merge into one post" },
] as const;

export type BulkKind = (typeof ACTIONS)[number]["id"];

interface Props {
  selected: Post[];
  /** Every post the filters match is chosen, not only those shown: the change runs on the server as a job. */
  matching?: { total: number; filters: Schemas["BulkFilters"] } | undefined;
  /** A job was started for `matching`. */
  onJob?: (id: string) => void;
  onDone: () => void;
  /** A shortcut's request ("s": status, "a": owner): the bar switches to it and focuses its choice. */
  request?: { kind: BulkKind; at: number } | undefined;
}

export function BulkBar({ selected, matching, onJob, onDone, request }: Props) {
  const id = useId();
  const queries = useQueryClient();
  const form = useApiForm(bulkSchema, { defaultValues: { kind: request?.kind ?? "status", target: "" } });
  const kind = form.watch("kind");
  useEffect(() => {
    if (!request) return;
    form.setValue("kind", request.kind);
    // After the switch has rendered the new choices.
    setTimeout(() => form.setFocus("target"), 0);
  }, [form, request]);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [failures, setFailures] = useState<string[]>([]);
  const statuses = useQuery(statusesQuery());
  const tags = useQuery(tagsQuery());
  const boards = useQuery(boardsQuery());
  const members = useAssignable();
  const options: { value: string; label: string }[] =
    kind === "status"
      ? (statuses.data?.data ?? []).map((s) => ({ value: s.id, label: s.name }))
      : kind === "tag" || kind === "untag"
        ? (tags.data?.data ?? []).map((t) => ({ value: t.id, label: t.name }))
        : kind === "board"
          ? (boards.data?.data ?? []).map((b) => ({ value: b.id, label: b.name }))
          : kind === "owner"
            ? [{ value: "", label: "Nobody" }, ...(members.data?.data ?? []).map((m) => ({ value: m.id, label: m.name }))]
            : selected.map((p) => ({ value: p.id, label: p.title }));
  // The target is always one of the choices shown: the first, until the person picks another
  // (the choices change with the action, and arrive after the bar when not loaded yet).
  const target = form.watch("target");
  useEffect(() => {
    if (!options.some((o) => o.value === target)) form.setValue("target", options[0]?.value ?? "");
  });
  // A status change mails who follows the posts only when ticked: a bulk change tells nobody unless asked to.
  const [notify, setNotify] = useState(false);
  const preview = useQuery({
    ...bulkPreviewQuery(matching ? { filters: matching.filters } : { postIds: selected.map((p) => p.id) }, target),
    enabled: kind === "status" && target !== "" && (matching !== undefined || selected.length > 0),
  });
  const run = async (action: BulkAction) => {
    const tell = action.kind === "status" && notify;
    if (matching && action.kind !== "merge") {
      onJob?.(await startBulkJob(matching.filters, action, tell));
      onDone();
      return;
    }
    const ids = selected.map((p) => p.id);
    setFailures([]);
    setProgress({ done: 0, total: ids.length });
    const failed = await inBatches(
      ids,
      (postId) => applyToPost(postId, action, tell),
      (done) => setProgress({ done, total: ids.length }),
    );
    await queries.invalidateQueries({ queryKey: postKeys.lists() });
    setProgress(null);
    setFailures(failed.map((f) => `${selected.find((p) => p.id === f.id)?.title}: ${problemOf(f.error).detail}`));
    if (failed.length === 0) onDone();
  };
  const choices = ACTIONS.filter((a) => a.id !== "merge" || (selected.length > 1 && !matching));
  const count = matching ? matching.total : selected.length;
  return (
    <section className="bulk-bar" aria-labelledby={id}>
      <h2 id={id} className="visually-hidden">
        Bulk actions
      </h2>
      <ApiForm form={form} onSubmit={run} className="bulk-form" aria-label={`Change ${count} selected posts`}>
        <strong>{matching ? `All ${count.toLocaleString()} matching` : `${count} selected`}</strong>
        <label htmlFor={`${id}-kind`} className="visually-hidden">
          Action
        </label>
        <select id={`${id}-kind`} {...form.register("kind")}>
          {choices.map((a) => (
            <option key={a.id} value={a.id}>
              {a.label}
            </option>
          ))}
        </select>
        <label htmlFor={`${id}-target`} className="visually-hidden">
          {kind === "merge" ? "The post that stays" : "To"}
        </label>
        <select id={`${id}-target`} required={kind !== "owner"} {...form.register("target")}>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {kind === "merge" ? `Keep “${o.label}”` : o.label}
            </option>
          ))}
        </select>
        {kind === "status" && (
          <TellFollowers
            count={preview.data?.followerCount}
            nobody="Nobody who gets mail follows these posts: nobody is told."
            checked={notify}
            onChange={(e) => setNotify(e.target.checked)}
          />
        )}
        <button type="submit" className="secondary" disabled={progress !== null || options.length === 0}>
          Apply to {count === 1 ? "1 post" : `${count.toLocaleString()} posts`}
        </button>
        <button type="button" className="link" onClick={onDone}>
          Clear the selection
        </button>
      </ApiForm>
      <div role="status">{progress && `Updated ${progress.done} of ${progress.total}…`}</div>
      {failures.length > 0 && (
        <div className="error" role="alert">
          <p>{failures.length === 1 ? "One post was not changed:" : `${failures.length} posts were not changed:`}</p>
          <ul>
            {failures.map((f) => (
              <li key={f}>{f}</li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
