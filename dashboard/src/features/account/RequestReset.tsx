import { useMutation } from "@tanstack/react-query";
import { Link } from "react-router";
import { api, unwrap } from "../../api.js";
import { ApiForm } from "../../ui/form/ApiForm.js";
import { useApiForm } from "../../ui/form/useApiForm.js";
import { requestResetSchema } from "./schemas.js";
import { SoleField } from "./SoleField.js";

/** `/app/reset`: asks for a password link by mail. The answer is the same for every email. */
export function RequestReset() {
  const form = useApiForm(requestResetSchema, { defaultValues: { email: "" } });
  const request = useMutation({
    mutationFn: async ({ email }: { email: string }) => unwrap(await api.POST("/auth/password-reset", { body: { email } })),
  });
  const sending = form.formState.isSubmitting;
  return (
    <main className="auth">
      <h1>Forgot your password?</h1>
      {request.isSuccess ? (
        <p role="status">
          If this email has a Heed account and this server sends mail, a link to set a new password is on its way; it works for an hour. No mail? Ask a
          workspace owner for a password link.
        </p>
      ) : (
        <ApiForm form={form} onSubmit={(body) => request.mutateAsync(body)}>
          <SoleField name="email" label="Email" type="email" autoComplete="username" />
          <button type="submit" disabled={sending}>
            {sending ? "Sending…" : "Send me a link"}
          </button>
        </ApiForm>
      )}
      <p>
        <Link to="/sign-in">Back to sign-in</Link>
      </p>
    </main>
  );
}
