import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { problemOf } from "../../../api.js";
import { statusesQuery } from "../../../data/statuses.js";
import { counted } from "../../../ui/format.js";
import { createImport, type Import, importKeys } from "./queries.js";

// The statuses an import's posts name and what each becomes: the workspace's status of that name
// (matched, nothing to choose), the one the team mapped it to, or a new one. After a dry run of
// files the team chooses, for each name that does not match, an existing status or "create it";
// the answer is a new dry run with the choice in the mapping (kept for the next file with the same
// columns), as a date column's format is.

type SourceStatus = Import["report"]["statuses"][number];

const CREATE = "";

export function ImportStatuses({ item }: { item: Import }) {
  const titleId = useId();
  const queries = useQueryClient();
  const statuses = useQuery(statusesQuery());
  const { statuses: named } = item.report;
  const initial = Object.fromEntries(named.filter((s) => s.outcome !== "matched").map((s) => [s.name, s.statusId ?? CREATE]));
  const [chosen, setChosen] = useState<Record<string, string>>(initial);
  const again = useMutation({
    mutationFn: () => {
      const mapped = Object.fromEntries(Object.entries({ ...(item.mapping?.statuses ?? {}), ...chosen }).filter(([, id]) => id !== CREATE));
      const { statuses: _left, ...columns } = item.mapping ?? {};
      return createImport({
        source: item.source === "uservoice" ? "uservoice" : "csv",
        files: item.files,
        mapping: { ...columns, ...(Object.keys(mapped).length > 0 ? { statuses: mapped } : {}) },
        dryRun: true,
        preview: 5,
      });
    },
    onSuccess: () => queries.invalidateQueries({ queryKey: importKeys.all }),
  });
  if (named.length === 0) return null;
  const nameOf = (id: string | null) => statuses.data?.data.find((s) => s.id === id)?.name ?? "…";
  const answerable = item.dryRun && item.state === "done" && item.source !== "canny";
  const changed = Object.entries(chosen).some(([name, id]) => id !== initial[name]);
  const matched = named.filter((s) => s.outcome === "matched");
  const open = named.filter((s) => s.outcome !== "matched");
  const posts = (s: SourceStatus) => counted(s.posts, "post");
  return (
    <section className="import-statuses" aria-labelledby={titleId}>
      <h4 id={titleId}>Statuses in the file</h4>
      {matched.length > 0 && (
        <p>
          Matched by name:{" "}
          {matched.map((s, i) => (
            <span key={s.name}>
              {i > 0 ? ", " : ""}“{s.name}” is {nameOf(s.statusId)} ({posts(s)})
            </span>
          ))}
          .
        </p>
      )}
      {open.length > 0 && !answerable && (
        <ul>
          {open.map((s) => (
            <li key={s.name}>
              “{s.name}” ({posts(s)}): {s.outcome === "mapped" ? `mapped to ${nameOf(s.statusId)}` : item.dryRun ? "would be created" : "created"}
            </li>
          ))}
        </ul>
      )}
      {open.length > 0 && answerable && (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            again.mutate();
          }}
        >
          <p className="muted">No status of the workspace has these names: choose what each becomes, one of the workspace's or a new one.</p>
          <div className="status-choices">
            {open.map((s) => (
              <label key={s.name} className="field">
                <span>
                  “{s.name}” ({posts(s)}) becomes
                </span>
                <select value={chosen[s.name] ?? CREATE} onChange={(e) => setChosen((all) => ({ ...all, [s.name]: e.target.value }))}>
                  <option value={CREATE}>A new status “{s.name}”</option>
                  {statuses.data?.data.map((status) => (
                    <option key={status.id} value={status.id}>
                      {status.name}
                    </option>
                  ))}
                </select>
              </label>
            ))}
          </div>
          <div className="actions">
            <button type="submit" className="secondary" disabled={!changed || again.isPending}>
              Preview with these statuses
            </button>
          </div>
          {again.error && (
            <p className="error" role="alert">
              {problemOf(again.error).detail}
            </p>
          )}
        </form>
      )}
    </section>
  );
}

/** The boards, statuses and tags an import makes (or a dry run would), with their posts. */
export function ImportMade({ item }: { item: Import }) {
  const { created } = item.report;
  const lines = (
    [
      ["New boards", created.boards],
      ["New statuses", created.statuses],
      ["New tags", created.tags],
    ] as const
  ).filter(([, names]) => names.length > 0);
  if (lines.length === 0) return null;
  return (
    <>
      <p className="import-made-intro">{item.dryRun ? "The import would create:" : "The import created:"}</p>
      <ul className="import-made">
        {lines.map(([label, names]) => (
          <li key={label}>
            <strong>{label}:</strong> {names.map((n) => `${n.name} (${counted(n.posts, "post")})`).join(", ")}
          </li>
        ))}
      </ul>
    </>
  );
}
