import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { api, unwrap } from "../../../api.js";
import { ErrorAlert, Loaded } from "../../../ui/QueryState.js";
import { statusesQuery } from "../../../data/statuses.js";
import { type Integration, integrationKeys } from "../../../data/integrations.js";

// Which status a linked post moves to when its issue reaches a state. GitHub has three states;
// Linear's are the team's workflow names, so the usual ones are offered and any other can be added.

const GITHUB_STATES = [
  { state: "open", label: "Open (or reopened)" },
  { state: "closed", label: "Closed as completed" },
  { state: "not_planned", label: "Closed as not planned" },
];
const LINEAR_STATES = ["Backlog", "Todo", "In Progress", "In Review", "Done", "Canceled"];

export function StatusMapping({ integration }: { integration: Integration }) {
  const queries = useQueryClient();
  const statuses = useQuery(statusesQuery());
  const [mapping, setMapping] = useState<Record<string, string>>(integration.statusMapping);
  const [extra, setExtra] = useState("");
  const [saved, setSaved] = useState(false);
  const extraId = useId();
  const save = useMutation({
    mutationFn: async () =>
      unwrap(
        await api.PATCH("/integrations/{id}", {
          params: { path: { id: integration.id } },
          body: { statusMapping: Object.fromEntries(Object.entries(mapping).filter(([, id]) => id)) },
        }),
      ),
    onSuccess: (updated) => {
      queries.setQueryData(integrationKeys.one(integration.id), updated);
      setSaved(true);
    },
  });
  const states =
    integration.provider === "github" ? GITHUB_STATES : [...new Set([...LINEAR_STATES, ...Object.keys(mapping)])].map((state) => ({ state, label: state }));
  return (
    <form
      className="panel"
      aria-label="Status mapping"
      onSubmit={(event) => {
        event.preventDefault();
        setSaved(false);
        save.mutate();
      }}
    >
      <h2 className="panel-title">When an issue changes state</h2>
      <p className="hint">Its linked posts move to the status chosen here, and their voters are told. A state left on “Nothing” moves nothing.</p>
      <Loaded read={statuses} what="statuses">
        {statuses.data && (
          <div className="mapping-grid">
            {states.map(({ state, label }) => (
              <label key={state} className="field">
                <span>{label}</span>
                <select value={mapping[state] ?? ""} onChange={(event) => setMapping({ ...mapping, [state]: event.target.value })}>
                  <option value="">Nothing</option>
                  {statuses.data.data.map((status) => (
                    <option key={status.id} value={status.id}>
                      {status.name}
                    </option>
                  ))}
                </select>
              </label>
            ))}
          </div>
        )}
      </Loaded>
      {integration.provider === "linear" && (
        <div className="inline-add">
          <label htmlFor={extraId}>Another state name</label>
          <input id={extraId} value={extra} onChange={(event) => setExtra(event.target.value)} placeholder="QA" />
          <button
            type="button"
            className="secondary"
            disabled={!extra.trim()}
            onClick={() => {
              setMapping({ ...mapping, [extra.trim()]: mapping[extra.trim()] ?? "" });
              setExtra("");
            }}
          >
            Add state
          </button>
        </div>
      )}
      <ErrorAlert error={save.error} lead="The mapping was not saved." />
      <p role="status" className="muted">
        {saved ? "Saved." : ""}
      </p>
      <button type="submit" disabled={save.isPending}>
        {save.isPending ? "Saving…" : "Save mapping"}
      </button>
    </form>
  );
}
