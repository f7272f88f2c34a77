import { CardTable } from "../../../ui/CardTable.js";
import type { Schemas } from "@heed/client";
import { formatDateTime } from "../../../ui/format.js";

// Audit entries as sentences a person scans: when, who, what, on which object, and the details.

type Entry = Schemas["AuditEntry"];

const OBJECT_KINDS: Record<Entry["object"]["type"], string> = {
  api_key: "API key",
  board: "board",
  bulk_job: "change to many posts",
  changelog_entry: "changelog entry",
  comment: "comment",
  company: "company",
  export: "workspace export",
  import: "import",
  integration: "integration",
  issue_link: "issue link of",
  invite: "invite",
  member: "member",
  post: "post",
  saved_views: "saved views of",
  status: "status",
  tag: "tag",
  user: "end user",
  webhook_delivery: "webhook delivery",
  webhook_endpoint: "webhook endpoint",
  workspace: "workspace",
};

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
          <td data-label="Object" className="audit-object">
            <button
              type="button"
              className="link"
              onClick={() => onObject(e.object.id)}
              aria-label={`${OBJECT_KINDS[e.object.type]} ${e.object.name ?? e.object.id}: only its changes`}
            >
              {/* No name: deleted since, or a kind without one (a comment); the kind and id below say what it was. */}
              {e.object.name ?? <span className="muted">(no name)</span>}
            </button>
            <span className="muted object-id" title={e.object.id}>
              {OBJECT_KINDS[e.object.type]} · <code>{e.object.id}</code>
            </span>
          </td>
        </tr>
      ))}
    </CardTable>
  );
}
