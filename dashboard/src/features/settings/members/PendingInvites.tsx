import { CardTable } from "../../../ui/CardTable.js";
import type { Schemas } from "@heed/client";
import { ConfirmButton } from "../../../ui/Confirm.js";
import { formatDateTime } from "../../../ui/format.js";

// Invites not yet accepted: who, as what, until when; each can be taken back.

type Invite = Schemas["Invite"];

export function PendingInvites({ invites, onRevoke, busy }: { invites: Invite[]; onRevoke: (invite: Invite) => void; busy: boolean }) {
  if (invites.length === 0) return <p className="muted">No pending invites.</p>;
  return (
    <CardTable caption="Pending invites" columns={["Email", "Role", "Invited", "Expires", ""]}>
      {invites.map((invite) => {
        const who = invite.email ?? "the first owner";
        return (
          <tr key={invite.id}>
            <td className="wide">
              <strong className="break-anywhere">{who}</strong>
            </td>
            <td data-label="Role">{invite.role}</td>
            <td data-label="Invited">{formatDateTime(invite.createdAt)}</td>
            <td data-label="Expires">{formatDateTime(invite.expiresAt)}</td>
            <td>
              <ConfirmButton
                label="Revoke"
                ariaLabel={`Revoke the invite for ${who}`}
                title={`Revoke the invite for ${who}?`}
                confirm="Revoke the invite"
                onConfirm={() => onRevoke(invite)}
                disabled={busy}
              >
                <p>The link stops working at once. You can invite them again later.</p>
              </ConfirmButton>
            </td>
          </tr>
        );
      })}
    </CardTable>
  );
}
