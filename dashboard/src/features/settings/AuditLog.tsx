import { useQuery } from "@tanstack/react-query";
import { AUDIT_ACTIONS } from "../../../../packages/shared/src/audit-actions.js";
import { useSearchParams } from "react-router";
import { ApiForm } from "../../ui/form/ApiForm.js";
import { FormField, FormSelect } from "../../ui/form/FormField.js";
import { useApiForm } from "../../ui/form/useApiForm.js";
import { Options } from "../../ui/Options.js";
import { QueryState } from "../../ui/QueryState.js";
import { MoreButton, useCursorList } from "../../ui/useCursorList.js";
import { apiKeysQuery } from "./api-keys/queries.js";
import { AuditTable } from "./audit-log/AuditTable.js";
import { auditLogQuery } from "./audit-log/queries.js";
import { auditFilterSchema } from "./audit-log/schemas.js";
import { membersQuery } from "../../data/members.js";

// Settings → Audit log: who changed what, newest first, filtered by actor, action and object. The
// filters live in the address, so a filtered view can be linked ("everything the deploy key did").

/** The actions, grouped by what they act on ("post", "member"), for the Action filter. */
const ACTIONS_BY_OBJECT: [string, string[]][] = [...new Set(AUDIT_ACTIONS.map((action) => action.split(".")[0]!))].map((object) => [
  object,
  AUDIT_ACTIONS.filter((action) => action.startsWith(`${object}.`)),
]);

export function AuditLog() {
  const [params, setParams] = useSearchParams();
  const actorId = params.get("actor") ?? "";
  const objectId = params.get("object") ?? "";
  const action = params.get("action") ?? "";
  // Names for actors: the team and the keys (a handful each).
  const members = useQuery(membersQuery());
  const keys = useQuery(apiKeysQuery());
  const names = new Map<string, string>([
    ...(members.data?.data ?? []).map((m) => [m.id, m.name] as [string, string]),
    ...(keys.data?.data ?? []).map((k) => [k.id, `key “${k.name}”`] as [string, string]),
  ]);
  const { query: log, items: entries } = useCursorList(auditLogQuery({ actorId, objectId, action }));
  // The filters follow the address (an object picked in the table, cleared filters, back).
  const form = useApiForm(auditFilterSchema, { values: { actor: actorId, action, object: objectId } });
  const filter = (values: { actor: string; action: string; object: string }) => {
    const next = new URLSearchParams();
    if (values.actor) next.set("actor", values.actor);
    if (values.action) next.set("action", values.action);
    if (values.object) next.set("object", values.object);
    setParams(next);
  };
  const filtered = Boolean(actorId || objectId || action);
  return (
    <section>
      <h1>Audit log</h1>
      <p className="muted">Every change to this workspace, by whom (a member, an API key, an end user or Heed itself), kept with the request that made it.</p>
      <ApiForm form={form} onSubmit={filter} className="filters" aria-label="Filter the audit log">
        <FormSelect name="actor" label="Actor">
          <option value="">Anyone</option>
          <Options items={members.data?.data ?? []} />
          {(keys.data?.data ?? []).map((k) => (
            <option key={k.id} value={k.id}>
              Key “{k.name}”
            </option>
          ))}
        </FormSelect>
        <FormSelect name="action" label="Action">
          <option value="">Any action</option>
          {ACTIONS_BY_OBJECT.map(([object, actions]) => (
            <optgroup key={object} label={object}>
              {actions.map((a) => (
                <option key={a} value={a}>
                  {a}
                </option>
              ))}
            </optgroup>
          ))}
        </FormSelect>
        <FormField name="object" label="Object id" placeholder="post_…, brd_…" maxLength={64} />
        <div className="actions">
          <button type="submit" className="secondary">
            Filter
          </button>
          {filtered && (
            <button type="button" className="secondary" onClick={() => setParams(new URLSearchParams())}>
              Clear filters
            </button>
          )}
        </div>
      </ApiForm>
      <QueryState
        query={log}
        what="the audit log"
        isEmpty={() => entries.length === 0}
        empty={
          <>
            <h2>Nothing here</h2>
            <p>{filtered ? "No change matches these filters." : "No change has been made to this workspace yet."}</p>
          </>
        }
      >
        {() => <AuditTable entries={entries} names={names} onObject={(id) => setParams({ object: id })} />}
      </QueryState>
      <MoreButton list={log} label="Older entries" />
    </section>
  );
}
