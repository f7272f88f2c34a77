import { CardTable } from "../../../ui/CardTable.js";
import type { Schemas } from "@heed/client";
import { formatDateTime } from "../../../ui/format.js";
import { RemoveMember } from "./RemoveMember.js";

// The team: each member's role (changed in place), when they joined, and removal behind a
// confirmation. Ownership stays with owners: an admin is not offered to make, change or remove
// one. The server has the last word (the last owner stays) and its refusal is shown above.

type Member = Schemas["Member"];
type Role = Member["role"];

const ROLE_LABELS: Record<Role, string> = { owner: "Owner", admin: "Admin", member: "Member" };

interface Props {
  members: Member[];
  myEmail: string;
  isOwner: boolean;
  busy: boolean;
  onChangeRole: (member: Member, role: Role) => void;
  onRemove: (member: Member, transferKeysTo: string | undefined) => void;
  onResetLink: (member: Member) => void;
}

export function MemberTable({ members, myEmail, isOwner, busy, onChangeRole, onRemove, onResetLink }: Props) {
  const roles: Role[] = isOwner ? ["owner", "admin", "member"] : ["admin", "member"];
  return (
    <CardTable caption="Members" columns={["Name", "Role", "Joined", ""]}>
      {members.map((m) => {
        const isMe = m.email === myEmail;
        // An admin sees an owner"s role but cannot change it.
        const locked = !isOwner && m.role === "owner";
        return (
          <tr key={m.id}>
            <td className="wide">
              <strong>{m.name}</strong> {isMe && <span className="badge">you</span>}{" "}
              {m.twoFactor ? <span className="badge good">two-factor</span> : <span className="badge">password only</span>}
              <br />
              <span className="muted break-anywhere">{m.email}</span>
            </td>
            <td data-label="Role">
              {locked ? (
                ROLE_LABELS[m.role]
              ) : (
                <select aria-label={`Role of ${m.name}`} value={m.role} disabled={busy} onChange={(event) => onChangeRole(m, event.target.value as Role)}>
                  {roles.map((r) => (
                    <option key={r} value={r}>
                      {ROLE_LABELS[r]}
                    </option>
                  ))}
                </select>
              )}
            </td>
            <td data-label="Joined" className="nowrap">
              {formatDateTime(m.createdAt)}
            </td>
            <td>
              <div className="actions">
                {isOwner && !isMe && (
                  <button type="button" className="secondary" onClick={() => onResetLink(m)} aria-label={`Password link for ${m.name}`}>
                    Password link
                  </button>
                )}
                {!locked && <RemoveMember member={m} isMe={isMe} others={members.filter((o) => o.id !== m.id)} busy={busy} onRemove={onRemove} />}
              </div>
            </td>
          </tr>
        );
      })}
    </CardTable>
  );
}
