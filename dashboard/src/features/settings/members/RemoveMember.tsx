import type { Schemas } from "@heed/client";
import { useQuery } from "@tanstack/react-query";
import { useId, useState } from "react";
import { ConfirmButton } from "../../../ui/Confirm.js";
import { apiKeysQuery } from "../api-keys/queries.js";

// Removing a member (or leaving): the dialog lists the API keys they minted, which stop working
// with their access unless someone who stays keeps them. The keys load when the dialog opens.

type Member = Schemas["Member"];

interface Props {
  member: Member;
  isMe: boolean;
  /** The members who stay, one of whom may keep the keys. */
  others: Member[];
  busy: boolean;
  onRemove: (member: Member, transferKeysTo: string | undefined) => void;
}

export function RemoveMember({ member, isMe, others, busy, onRemove }: Props) {
  const heirId = useId();
  const [opened, setOpened] = useState(false);
  const [heir, setHeir] = useState("");
  const keys = useQuery({ ...apiKeysQuery({ createdBy: member.id }), enabled: opened });
  const live = keys.data?.data.filter((k) => k.revokedAt === null) ?? [];
  const who = isMe ? "You" : member.name;
  return (
    <ConfirmButton
      label={isMe ? "Leave" : "Remove"}
      ariaLabel={isMe ? "Leave this workspace" : `Remove ${member.name}`}
      title={isMe ? "Leave this workspace?" : `Remove ${member.name}?`}
      confirm={isMe ? "Leave" : "Remove"}
      onOpen={() => setOpened(true)}
      onConfirm={() => onRemove(member, heir || undefined)}
      disabled={busy}
    >
      <p>{who} will lose access to this workspace at once, on every device. Their posts, comments and the audit log keep their name.</p>
      {keys.isPending && opened && <p className="muted">Looking for API keys {isMe ? "you" : "they"} created…</p>}
      {keys.isError && <p className="error">Their API keys could not be listed; removing still revokes them.</p>}
      {live.length > 0 && (
        <>
          <p>
            {live.length === 1 ? "This API key" : `These ${live.length} API keys`} {isMe ? "you" : "they"} created stop working too (with any keys made with
            them), unless someone who stays keeps them:
          </p>
          <ul>
            {live.map((k) => (
              <li key={k.id}>
                <strong>{k.name}</strong>{" "}
                <span className="muted">
                  {k.prefix}…{k.last4}
                </span>
              </li>
            ))}
          </ul>
          <div className="field">
            <label htmlFor={heirId}>Their keys</label>
            <select id={heirId} value={heir} onChange={(event) => setHeir(event.target.value)}>
              <option value="">Revoke them</option>
              {others.map((o) => (
                <option key={o.id} value={o.id}>
                  Keep them with {o.name}
                </option>
              ))}
            </select>
          </div>
        </>
      )}
    </ConfirmButton>
  );
}
