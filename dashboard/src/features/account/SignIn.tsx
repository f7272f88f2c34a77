import { useId } from "react";
import { Link, Navigate, useSearchParams } from "react-router";
import { api, unwrap } from "../../api.js";
import { useSession } from "../../session.js";
import { ApiForm } from "../../ui/form/ApiForm.js";
import { FormField } from "../../ui/form/FormField.js";
import { useApiForm } from "../../ui/form/useApiForm.js";
import { forPeople, SecondFactorField } from "../../ui/SecondFactorField.js";
import { signInSchema } from "./schemas.js";
import { pageAfterSignIn } from "./next-page.js";
import { useSigningIn } from "./signing-in.js";
import { SingleSignOn } from "./SingleSignOn.js";

// Why single sign-on sent the person back here (`?sso=` on a refusal or an unreachable provider).
const SSO_BACK: Record<string, string> = {
  refused:
    "Single sign-on did not sign you in: this account is not allowed here, or the sign-in took too long. If you already have an account, sign in with your password and link single sign-on under Settings, Your sessions; otherwise ask a workspace owner for an invite.",
  unavailable: "Single sign-on is unavailable right now: the identity provider did not answer. Sign in with your email and password, or try again later.",
};

export function SignIn() {
  const session = useSession();
  const [params] = useSearchParams();
  const errorId = useId();
  const form = useApiForm(signInSchema, { defaultValues: { email: "", password: "" } });
  const next = pageAfterSignIn(params.get("next"));
  const { signIn, needsCode } = useSigningIn(
    async (body: { email: string; password: string; code?: string; recoveryCode?: string }) => unwrap(await api.POST("/auth/sign-in", { body })),
    next,
  );
  // Also right after signing in: the new session renders this page again while `next` loads.
  if (session.data) return <Navigate to={next} replace />;
  const problem = form.formState.errors.root?.server?.message ?? SSO_BACK[params.get("sso") ?? ""];
  const sending = form.formState.isSubmitting;
  return (
    <main className="auth">
      <h1>Sign in to Heed</h1>
      <ApiForm form={form} onSubmit={signIn} words={forPeople} aria-describedby={problem ? errorId : undefined}>
        <FormField name="email" label="Email" type="email" autoComplete="username" required />
        <FormField name="password" label="Password" type="password" autoComplete="current-password" required />
        {needsCode && <SecondFactorField />}
        {problem && (
          <p id={errorId} className="error" role="alert">
            {problem}
          </p>
        )}
        <button type="submit" disabled={sending}>
          {sending ? "Signing in…" : "Sign in"}
        </button>
      </ApiForm>
      <p>
        <Link to="/reset">Forgot your password?</Link>
      </p>
      <SingleSignOn next={next} />
    </main>
  );
}
