import type { Role } from "../../../../../packages/shared/src/roles.js";
import { ApiForm } from "../../../ui/form/ApiForm.js";
import { FormAlert } from "../../../ui/form/FormAlert.js";
import { FormField, FormSelect } from "../../../ui/form/FormField.js";
import { useApiForm } from "../../../ui/form/useApiForm.js";
import { FormActions } from "../../../ui/FormActions.js";
import { inviteSchema } from "./schemas.js";

// Inviting someone: their email and the role they join with. Only an owner may invite an owner.

interface Props {
  isOwner: boolean;
  /** Sends the invite: a promise whose refusal the form shows. */
  onInvite: (invite: { email: string; role: Role }) => Promise<unknown>;
}

export function InviteForm({ isOwner, onInvite }: Props) {
  const form = useApiForm(inviteSchema, { defaultValues: { email: "", role: "member" } });
  return (
    <ApiForm form={form} onSubmit={onInvite} className="panel" aria-label="Invite someone">
      <h2 className="panel-title">Invite someone</h2>
      <FormField name="email" label="Email" type="email" autoComplete="off" required />
      <FormSelect name="role" label="Role">
        <option value="member">Member: posts, comments, votes and the changelog</option>
        <option value="admin">Admin: everything but ownership</option>
        {isOwner && <option value="owner">Owner: everything</option>}
      </FormSelect>
      <FormAlert />
      <FormActions label="Send invite" pendingLabel="Inviting…" />
    </ApiForm>
  );
}
