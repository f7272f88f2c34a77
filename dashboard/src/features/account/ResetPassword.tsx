import { useQuery } from "@tanstack/react-query";
import { Link, useParams } from "react-router";
import { api, problemOf, unwrap } from "../../api.js";
import { ApiForm } from "../../ui/form/ApiForm.js";
import { useApiForm } from "../../ui/form/useApiForm.js";
import { forPeople, SecondFactorField } from "../../ui/SecondFactorField.js";
import { passwordResetQuery } from "../../data/account.js";
import { resetPasswordSchema } from "./schemas.js";
import { useSigningIn } from "./signing-in.js";
import { SoleField } from "./SoleField.js";

/** `/app/reset/{token}`: a password link, mailed or handed over by an owner, sets a new password. */
export function ResetPassword() {
  const { token = "" } = useParams();
  const link = useQuery(passwordResetQuery(token));
  const form = useApiForm(resetPasswordSchema, { defaultValues: { password: "" } });
  const { signIn, needsCode } = useSigningIn(async (body: { password: string; code?: string; recoveryCode?: string }) =>
    unwrap(await api.POST("/auth/password-reset/{token}", { params: { path: { token } }, body })),
  );
  if (link.isPending)
    return (
      <main className="auth" aria-busy="true">
        <p>Opening the link…</p>
      </main>
    );
  if (link.isError) {
    return (
      <main className="auth">
        <h1>This link cannot be used</h1>
        <p>{problemOf(link.error).detail}</p>
        <p>
          <Link to="/reset">Ask for a new link</Link>
        </p>
      </main>
    );
  }
  const sending = form.formState.isSubmitting;
  return (
    <main className="auth">
      <h1>Set a new password</h1>
      <p>
        For <strong>{link.data.email}</strong>. Every device signed in to this account is signed out.
      </p>
      <ApiForm form={form} onSubmit={signIn} words={forPeople}>
        <SoleField name="password" label="New password (at least 10 characters)" type="password" autoComplete="new-password" minLength={10}>
          {needsCode && <SecondFactorField />}
        </SoleField>
        <button type="submit" disabled={sending}>
          {sending ? "Saving…" : "Set the password and sign in"}
        </button>
      </ApiForm>
    </main>
  );
}
