import { useQuery } from "@tanstack/react-query";
import { useParams } from "react-router";
import { api, problemOf, unwrap } from "../../api.js";
import { ApiForm } from "../../ui/form/ApiForm.js";
import { FormAlert } from "../../ui/form/FormAlert.js";
import { FormField } from "../../ui/form/FormField.js";
import { useApiForm } from "../../ui/form/useApiForm.js";
import { forPeople, SecondFactorField } from "../../ui/SecondFactorField.js";
import { inviteQuery } from "../../data/account.js";
import { acceptInviteSchema } from "./schemas.js";
import { useSigningIn } from "./signing-in.js";

const ROLE_WORDS: Record<string, string> = { owner: "an owner", admin: "an admin", member: "a member" };

export function AcceptInvite() {
  const { token = "" } = useParams();
  const invite = useQuery(inviteQuery(token));
  // The email field is there only for an invite that names none (the first owner's).
  const form = useApiForm(acceptInviteSchema, { defaultValues: { name: "", password: "" } });
  const { signIn, needsCode } = useSigningIn(async (body: { name: string; password: string; email?: string; code?: string; recoveryCode?: string }) =>
    unwrap(await api.POST("/auth/invites/{token}/accept", { params: { path: { token } }, body })),
  );
  if (invite.isPending)
    return (
      <main className="auth" aria-busy="true">
        <p>Opening the invite…</p>
      </main>
    );
  if (invite.isError) {
    return (
      <main className="auth">
        <h1>This invite cannot be used</h1>
        <p>{problemOf(invite.error).detail} Ask whoever invited you for a new link.</p>
      </main>
    );
  }
  const { workspace, email, role } = invite.data;
  const sending = form.formState.isSubmitting;
  return (
    <main className="auth">
      <h1>Join {workspace.name}</h1>
      <p>
        You are invited as {ROLE_WORDS[role] ?? role}
        {email ? (
          <>
            {" "}
            with <strong>{email}</strong>
          </>
        ) : null}
        . If this email has a Heed account already, enter its password.
      </p>
      <ApiForm form={form} onSubmit={signIn} words={forPeople}>
        {!email && <FormField name="email" label="Email" type="email" autoComplete="username" required />}
        <FormField name="name" label="Your name" autoComplete="name" required maxLength={100} />
        <FormField name="password" label="Password (at least 10 characters)" type="password" autoComplete="new-password" required minLength={10} />
        {needsCode && <SecondFactorField />}
        <FormAlert />
        <button type="submit" disabled={sending}>
          {sending ? "Joining…" : `Join ${workspace.name}`}
        </button>
      </ApiForm>
    </main>
  );
}
