import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useId, useState } from "react";
import { useNavigate, useParams } from "react-router";
import { api, problemOf, unwrap } from "../api.js";
import { asksForCode, forPeople, SecondFactorField, secondFactorOf } from "../ui/SecondFactorField.js";

const ROLE_WORDS: Record<string, string> = { owner: "an owner", admin: "an admin", member: "a member" };

export function AcceptInvite() {
  const { token = "" } = useParams();
  const navigate = useNavigate();
  const queries = useQueryClient();
  const ids = { email: useId(), name: useId(), password: useId(), error: useId() };
  const invite = useQuery({
    queryKey: ["invite", token],
    queryFn: async () => unwrap(await api.GET("/auth/invites/{token}", { params: { path: { token } } })),
  });
  const [needsCode, setNeedsCode] = useState(false);
  const accept = useMutation({
    mutationFn: async (body: { name: string; password: string; email?: string; code?: string; recoveryCode?: string }) =>
      unwrap(await api.POST("/auth/invites/{token}/accept", { params: { path: { token } }, body })),
    onError: (error) => {
      if (asksForCode(problemOf(error))) setNeedsCode(true);
    },
    onSuccess: (answer) => {
      queries.setQueryData(["session"], answer);
      navigate("/", { replace: true });
    },
  });
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
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    accept.mutate({
      name: String(form.get("name")),
      password: String(form.get("password")),
      ...(email ? {} : { email: String(form.get("email")) }),
      ...secondFactorOf(form),
    });
  };
  const problem = accept.error ? forPeople(problemOf(accept.error)) : null;
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
      <form onSubmit={onSubmit} noValidate>
        {!email && (
          <>
            <label htmlFor={ids.email}>Email</label>
            <input id={ids.email} name="email" type="email" autoComplete="username" required aria-invalid={Boolean(problem?.fields.email)} />
            {problem?.fields.email && <p className="error">{problem.fields.email}</p>}
          </>
        )}
        <label htmlFor={ids.name}>Your name</label>
        <input id={ids.name} name="name" autoComplete="name" required aria-invalid={Boolean(problem?.fields.name)} />
        {problem?.fields.name && <p className="error">{problem.fields.name}</p>}
        <label htmlFor={ids.password}>Password (at least 10 characters)</label>
        <input
          id={ids.password}
          name="password"
          type="password"
          autoComplete="new-password"
          required
          minLength={10}
          aria-invalid={Boolean(problem?.fields.password)}
        />
        {problem?.fields.password && <p className="error">{problem.fields.password}</p>}
        {needsCode && <SecondFactorField />}
        {problem && Object.keys(problem.fields).length === 0 && (
          <p id={ids.error} className="error" role="alert">
            {problem.detail}
          </p>
        )}
        <button type="submit" disabled={accept.isPending}>
          {accept.isPending ? "Joining…" : `Join ${workspace.name}`}
        </button>
      </form>
    </main>
  );
}
