import { FormActions } from "../../../ui/FormActions.js";
import { type FormEvent, useId } from "react";
import { problemOf } from "../../../api.js";
import { Field, FormError } from "../../../ui/Field.js";

// Inviting someone: their email and the role they join with. Only an owner may invite an owner.

type Role = "owner" | "admin" | "member";

interface Props {
  isOwner: boolean;
  pending: boolean;
  error: unknown;
  onInvite: (invite: { email: string; role: Role }) => void;
}

export function InviteForm({ isOwner, pending, error, onInvite }: Props) {
  const roleId = useId();
  const problem = error ? problemOf(error) : null;
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    onInvite({ email: String(form.get("email")).trim(), role: String(form.get("role")) as Role });
  };
  return (
    <form onSubmit={onSubmit} noValidate className="panel" aria-label="Invite someone">
      <h2 className="panel-title">Invite someone</h2>
      <Field label="Email" name="email" type="email" autoComplete="off" required error={problem?.fields.email} />
      <div className="field">
        <label htmlFor={roleId}>Role</label>
        <select id={roleId} name="role" defaultValue="member">
          <option value="member">Member: posts, comments, votes and the changelog</option>
          <option value="admin">Admin: everything but ownership</option>
          {isOwner && <option value="owner">Owner: everything</option>}
        </select>
      </div>
      <FormError problem={problem} />
      <FormActions pending={pending} label="Send invite" pendingLabel="Inviting…" />
    </form>
  );
}
