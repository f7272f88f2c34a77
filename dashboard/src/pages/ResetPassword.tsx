import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useId, useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { api, problemOf, unwrap } from "../api.js";
import { asksForCode, forPeople, SecondFactorField, secondFactorOf } from "../ui/SecondFactorField.js";

/** `/app/reset/{token}`: a password link, mailed or handed over by an owner, sets a new password. */
export function ResetPassword() {
  const { token = "" } = useParams();
  const navigate = useNavigate();
  const queries = useQueryClient();
  const ids = { password: useId(), error: useId() };
  const link = useQuery({
    queryKey: ["password-reset", token],
    queryFn: async () => unwrap(await api.GET("/auth/password-reset/{token}", { params: { path: { token } } })),
  });
  const [needsCode, setNeedsCode] = useState(false);
  const reset = useMutation({
    mutationFn: async (body: { password: string; code?: string; recoveryCode?: string }) =>
      unwrap(await api.POST("/auth/password-reset/{token}", { params: { path: { token } }, body })),
    onError: (error) => {
      if (asksForCode(problemOf(error))) setNeedsCode(true);
    },
    onSuccess: (answer) => {
      queries.setQueryData(["session"], answer);
      navigate("/", { replace: true });
    },
  });
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
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    reset.mutate({ password: String(form.get("password")), ...secondFactorOf(form) });
  };
  const problem = reset.error ? forPeople(problemOf(reset.error)) : null;
  return (
    <main className="auth">
      <h1>Set a new password</h1>
      <p>
        For <strong>{link.data.email}</strong>. Every device signed in to this account is signed out.
      </p>
      <form onSubmit={onSubmit} noValidate>
        <label htmlFor={ids.password}>New password (at least 10 characters)</label>
        <input
          id={ids.password}
          name="password"
          type="password"
          autoComplete="new-password"
          required
          minLength={10}
          aria-invalid={Boolean(problem?.fields.password)}
        />
        {needsCode && <SecondFactorField />}
        {problem && (
          <p id={ids.error} className="error" role="alert">
            {problem.fields.password ?? problem.detail}
          </p>
        )}
        <button type="submit" disabled={reset.isPending}>
          {reset.isPending ? "Saving…" : "Set the password and sign in"}
        </button>
      </form>
    </main>
  );
}
