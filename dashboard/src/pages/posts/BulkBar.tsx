import type { Schemas } from "@heed/client";
import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { problemOf } from "../../api.js";
import { canManageWorkspace, useCurrentWorkspace } from "../../role.js";
import { useBoards, useMembers, useStatuses, useTags } from "../post/queries.js";
import { applyToPost, type BulkAction, inBatches } from "./bulk.js";

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
  onDone: () => void;
  /** A shortcut's request ("s": status, "a": owner): the bar switches to it and focuses its choice. */
  request?: { kind: BulkKind; at: number } | undefined;
}

export function BulkBar({ selected, onDone, request }: Props) {
  const id = useId();
  const target = useRef<HTMLSelectElement>(null);
  const queries = useQueryClient();
  const manages = canManageWorkspace(useCurrentWorkspace()?.role);
  const [kind, setKind] = useState<BulkKind>(request?.kind ?? "status");
  useEffect(() => {
    if (!request) return;
    setKind(request.kind);
    // After the switch has rendered the new choices.
    setTimeout(() => target.current?.focus(), 0);
  }, [request]);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [failures, setFailures] = useState<string[]>([]);
  const statuses = useStatuses();
  const tags = useTags();
  const boards = useBoards();
  const members = useMembers();
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
  const run = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = String(new FormData(event.currentTarget).get("target") ?? "");
    const action: BulkAction =
      kind === "status"
        ? { kind, statusId: value }
        : kind === "tag" || kind === "untag"
          ? { kind, tagId: value }
          : kind === "board"
            ? { kind, boardId: value }
            : kind === "owner"
              ? { kind, ownerId: value || null }
              : { kind, into: value };
    const ids = selected.map((p) => p.id);
    setFailures([]);
    setProgress({ done: 0, total: ids.length });
    const failed = await inBatches(
      ids,
      (postId) => applyToPost(postId, action),
      (done) => setProgress({ done, total: ids.length }),
    );
    await queries.invalidateQueries({ queryKey: ["posts"] });
    setProgress(null);
    setFailures(failed.map((f) => `${selected.find((p) => p.id === f.id)?.title}: ${problemOf(f.error).detail}`));
    if (failed.length === 0) onDone();
  };
  const choices = ACTIONS.filter((a) => a.id !== "owner" || manages).filter((a) => a.id !== "merge" || selected.length > 1);
  return (
    <section className="bulk-bar" aria-labelledby={id}>
      <h2 id={id} className="visually-hidden">
        Bulk actions
      </h2>
      <form onSubmit={run} className="bulk-form" aria-label={`Change ${selected.length} selected posts`}>
        <strong>{selected.length} selected</strong>
        <label htmlFor={`${id}-kind`} className="visually-hidden">
          Action
        </label>
        <select id={`${id}-kind`} value={kind} onChange={(e) => setKind(e.target.value as typeof kind)}>
          {choices.map((a) => (
            <option key={a.id} value={a.id}>
              {a.label}
            </option>
          ))}
        </select>
        <label htmlFor={`${id}-target`} className="visually-hidden">
          {kind === "merge" ? "The post that stays" : "To"}
        </label>
        <select id={`${id}-target`} ref={target} name="target" key={kind} required={kind !== "owner"}>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {kind === "merge" ? `Keep “${o.label}”` : o.label}
            </option>
          ))}
        </select>
        <button type="submit" className="secondary" disabled={progress !== null || options.length === 0}>
          Apply to {selected.length === 1 ? "1 post" : `${selected.length} posts`}
        </button>
        <button type="button" className="link" onClick={onDone}>
          Clear the selection
        </button>
      </form>
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
