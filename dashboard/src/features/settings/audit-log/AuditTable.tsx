import { CardTable } from "../../../ui/CardTable.js";
import type { Schemas } from "@heed/client";
import { formatDateTime } from "../../../ui/format.js";

// Audit entries as sentences a person scans: when, who, what, on which object, and the details.

type Entry = Schemas["AuditEntry"];

const ACTOR_KINDS: Record<Entry["actor"]["type"], string> = { member: "member", api_key: "API key", end_user: "end user", system: "Heed" };

function actorName(entry: Entry, names: Map<string, string>): string {
  if (entry.actor.type === "system") return "Heed";
  const name = entry.actor.id ? names.get(entry.actor.id) : undefined;
  return name ?? `${ACTOR_KINDS[entry.actor.type]} ${entry.actor.id ?? ""}`.trim();
}

export function AuditTable({ entries, names, onObject }: { entries: Entry[]; names: Map<string, string>; onObject: (id: string) => void }) {
  return (
    <CardTable caption="Audit log" columns={["When", "Who", "What", "Object"]}>
      {entries.map((e) => (
        <tr key={e.id}>
          <td className="nowrap">{formatDateTime(e.createdAt)}</td>
          <td data-label="Who">{actorName(e, names)}</td>
          <td data-label="What">
            <code>{e.action}</code>
            {Object.keys(e.data).length > 0 && (
              <details>
                <summary>
                  Details<span className="visually-hidden"> of {e.action}</span>
                </summary>
                <pre className="excerpt">{JSON.stringify(e.data, null, 2)}</pre>
              </details>
            )}
          </td>
          <td data-label="Object">
            <button
              type="button"
              className="link break-anywhere"
              onClick={() => onObject(e.object.id)}
              aria-label={`${e.object.type} ${e.object.id}: only its changes`}
            >
              {e.object.type} {e.object.id}
            </button>
          </td>
        </tr>
      ))}
    </CardTable>
  );
}
