import { CardTable } from "../../../ui/CardTable.js";
import { ConfirmButton } from "../../../ui/Confirm.js";
import { formatDateTime, formatRelative } from "../../../ui/format.js";
import { describeScopes } from "./permissions.js";
import type { Schemas } from "@heed/client";

// The workspace's keys: how to recognise each (prefix and last four), what it may do, whether it
// is still in use, and a revoke button behind a confirmation.

type ApiKey = Schemas["ApiKey"];

function stateOf(key: ApiKey, now: number): { label: string; tone: "good" | "bad" } {
  if (key.revokedAt) return { label: `Revoked ${formatRelative(key.revokedAt)}`, tone: "bad" };
  if (key.expiresAt && Date.parse(key.expiresAt) <= now) return { label: "Expired", tone: "bad" };
  return { label: "Active", tone: "good" };
}

export function KeyTable({ keys, onRevoke, revoking }: { keys: ApiKey[]; onRevoke: (key: ApiKey) => void; revoking: string | null }) {
  const now = Date.now();
  return (
    <CardTable caption="API keys" columns={["Name", "Key", "Permissions", "Last used", "Expires", "State", ""]}>
      {keys.map((key) => {
        const state = stateOf(key, now);
        return (
          <tr key={key.id} className={key.revokedAt ? "revoked" : undefined}>
            <td>
              <strong>{key.name}</strong>
            </td>
            <td data-label="Key" className="nowrap">
              <code>
                {key.prefix}…{key.last4}
              </code>
            </td>
            <td data-label="Permissions">
              {describeScopes(key.scopes)}
              {key.rateLimitPerMinute !== null && <span className="muted"> · {key.rateLimitPerMinute}/min</span>}
            </td>
            <td data-label="Last used" title={formatDateTime(key.lastUsedAt)}>
              {formatRelative(key.lastUsedAt)}
            </td>
            <td data-label="Expires">{key.expiresAt ? formatDateTime(key.expiresAt) : "never"}</td>
            <td>
              <span className={`badge ${state.tone}`}>{state.label}</span>
            </td>
            <td>
              {!key.revokedAt && (
                <ConfirmButton
                  label="Revoke"
                  ariaLabel={`Revoke ${key.name}`}
                  title={`Revoke ${key.name}?`}
                  confirm="Revoke the key"
                  onConfirm={() => onRevoke(key)}
                  disabled={revoking === key.id}
                >
                  <p>
                    Every request with{" "}
                    <code>
                      {key.prefix}…{key.last4}
                    </code>{" "}
                    is refused from now on (401). This cannot be undone: a new key is a new secret to deploy.
                  </p>
                </ConfirmButton>
              )}
            </td>
          </tr>
        );
      })}
    </CardTable>
  );
}
