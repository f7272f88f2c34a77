import { useMutation } from "@tanstack/react-query";
import { type FormEvent, useId } from "react";
import { Link } from "react-router";
import { api, problemOf, unwrap } from "../api.js";

/** `/app/reset`: asks for a password link by mail. The answer is the same for every email. */
export function RequestReset() {
  const ids = { email: useId() };
  const request = useMutation({
    mutationFn: async (email: string) => unwrap(await api.POST("/auth/password-reset", { body: { email } })),
  });
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    request.mutate(String(new FormData(event.currentTarget).get("email")));
  };
  return (
    <main className="auth">
      <h1>Forgot your password?</h1>
      {request.isSuccess ? (
        <p role="status">
          If this email has a Heed account and this server sends mail, a link to set a new password is on its way; it works for an hour. No mail? Ask a
          workspace owner for a password link.
        </p>
      ) : (
        <form onSubmit={onSubmit} noValidate>
          <label htmlFor={ids.email}>Email</label>
          <input id={ids.email} name="email" type="email" autoComplete="username" required />
          {request.error && (
            <p className="error" role="alert">
              {problemOf(request.error).fields.email ?? problemOf(request.error).detail}
            </p>
          )}
          <button type="submit" disabled={request.isPending}>
            {request.isPending ? "Sending…" : "Send me a link"}
          </button>
        </form>
      )}
      <p>
        <Link to="/sign-in">Back to sign-in</Link>
      </p>
    </main>
  );
}
