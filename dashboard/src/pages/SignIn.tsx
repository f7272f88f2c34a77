import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useId, useState } from "react";
import { Link, Navigate, useNavigate, useSearchParams } from "react-router";
import { api, problemOf, unwrap } from "../api.js";
import { useSession } from "../session.js";
import { asksForCode, forPeople, SecondFactorField, secondFactorOf } from "../ui/SecondFactorField.js";
import { SingleSignOn } from "./SingleSignOn.js";

// Why single sign-on sent the person back here (`?sso=` on a refusal or an unreachable provider).
const SSO_BACK: Record<string, string> = {
  refused:
    "Single sign-on did not sign you in: this account is not allowed here, or the sign-in took too long. If you already have an account, sign in with your password and link single sign-on under Settings, Your sessions; otherwise ask a workspace owner for an invite.",
  unavailable: "Single sign-on is unavailable right now: the identity provider did not answer. Sign in with your email and password, or try again later.",
};

export function SignIn() {
  const session = useSession();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const queries = useQueryClient();
  const ids = { email: useId(), password: useId(), error: useId() };
  // Once the server asked for a second factor, the form keeps asking (a wrong code stays here).
  const [needsCode, setNeedsCode] = useState(false);
  const signIn = useMutation({
    mutationFn: async (body: { email: string; password: string; code?: string; recoveryCode?: string }) => unwrap(await api.POST("/auth/sign-in", { body })),
    onError: (error) => {
      if (asksForCode(problemOf(error))) setNeedsCode(true);
    },
    onSuccess: (answer) => {
      queries.setQueryData(["session"], answer);
      navigate(params.get("next") ?? "/", { replace: true });
    },
  });
  if (session.data) return <Navigate to="/" replace />;
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    signIn.mutate({ email: String(form.get("email")), password: String(form.get("password")), ...secondFactorOf(form) });
  };
  const back = SSO_BACK[params.get("sso") ?? ""];
  const problem = signIn.error ? forPeople(problemOf(signIn.error)) : back ? { detail: back, fields: {} } : null;
  return (
    <main className="auth">
      <h1>Sign in to Heed</h1>
      <form onSubmit={onSubmit} aria-describedby={problem ? ids.error : undefined} noValidate>
        <label htmlFor={ids.email}>Email</label>
        <input id={ids.email} name="email" type="email" autoComplete="username" required />
        <label htmlFor={ids.password}>Password</label>
        <input id={ids.password} name="password" type="password" autoComplete="current-password" required />
        {needsCode && <SecondFactorField />}
        {problem && (
          <p id={ids.error} className="error" role="alert">
            {problem.detail}
          </p>
        )}
        <button type="submit" disabled={signIn.isPending}>
          {signIn.isPending ? "Signing in…" : "Sign in"}
        </button>
      </form>
      <p>
        <Link to="/reset">Forgot your password?</Link>
      </p>
      <SingleSignOn next={params.get("next")} />
    </main>
  );
}
