import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useId } from "react";
import { Link, Navigate, useNavigate, useSearchParams } from "react-router";
import { api, problemOf, unwrap } from "../api.js";
import { useSession } from "../session.js";
import { SingleSignOn } from "./SingleSignOn.js";

// Why single sign-on sent the person back here (the callback's `?sso=` on a refusal).
const SSO_REFUSED =
  "Single sign-on did not sign you in: this account is not allowed here, or the sign-in took too long. Try again, or ask a workspace owner for an invite.";

export function SignIn() {
  const session = useSession();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const queries = useQueryClient();
  const ids = { email: useId(), password: useId(), error: useId() };
  const signIn = useMutation({
    mutationFn: async (body: { email: string; password: string }) => unwrap(await api.POST("/auth/sign-in", { body })),
    onSuccess: (answer) => {
      queries.setQueryData(["session"], answer);
      navigate(params.get("next") ?? "/", { replace: true });
    },
  });
  if (session.data) return <Navigate to="/" replace />;
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    signIn.mutate({ email: String(form.get("email")), password: String(form.get("password")) });
  };
  const problem = signIn.error ? problemOf(signIn.error) : params.get("sso") === "refused" ? { detail: SSO_REFUSED, fields: {} } : null;
  return (
    <main className="auth">
      <h1>Sign in to Heed</h1>
      <form onSubmit={onSubmit} aria-describedby={problem ? ids.error : undefined} noValidate>
        <label htmlFor={ids.email}>Email</label>
        <input id={ids.email} name="email" type="email" autoComplete="username" required />
        <label htmlFor={ids.password}>Password</label>
        <input id={ids.password} name="password" type="password" autoComplete="current-password" required />
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
