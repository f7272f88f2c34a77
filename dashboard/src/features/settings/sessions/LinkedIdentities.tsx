import { useMutation, useQuery } from "@tanstack/react-query";
import { useId, useState } from "react";
import { useSearchParams } from "react-router";
import { api, unwrap } from "../../../api.js";
import { useCurrentWorkspace } from "../../../role.js";
import { ApiForm } from "../../../ui/form/ApiForm.js";
import { FormAlert } from "../../../ui/form/FormAlert.js";
import { FormField } from "../../../ui/form/FormField.js";
import { useApiForm } from "../../../ui/form/useApiForm.js";
import { FormActions } from "../../../ui/FormActions.js";
import { formatDateTime } from "../../../ui/format.js";
import { signInOptionsQuery } from "../../../data/account.js";
import { identitiesQuery, twoFactorQuery } from "./queries.js";
import { linkSchema } from "./schemas.js";

// Settings → Your sessions → Single sign-on: the providers that sign this account in, and linking
// the one on offer. A workspace's provider opens an existing account only once its owner has
// linked it here, signed in: the provider alone never decides who someone is. Its sign-in then
// counts as a second factor, so linking asks for the password, and the code when two-factor
// sign-in is on.

const BACK = {
  refused: "Single sign-on was not linked: that identity already signs in another account, or the link took too long. Try again.",
  email:
    "Single sign-on was not linked: the identity you signed in as at the provider has another email than your account. Sign in there with your account's email, then link again.",
  unavailable: "Single sign-on is unavailable: the provider did not answer. Try again later.",
};

export function LinkedIdentities() {
  const titleId = useId();
  const workspace = useCurrentWorkspace();
  const [params] = useSearchParams();
  const identities = useQuery(identitiesQuery());
  const options = useQuery(signInOptionsQuery(workspace?.slug));
  const twoFactor = useQuery(twoFactorQuery());
  const [linking, setLinking] = useState(false);
  const form = useApiForm(linkSchema, { defaultValues: { password: "", code: "" } });
  const link = useMutation({
    mutationFn: async (body: { password?: string; code?: string }) => unwrap(await api.POST("/auth/oidc/link", { body })),
    // The provider's own page: it sends the browser back here once the person has signed in there.
    onSuccess: (answer) => window.location.assign(answer.url),
  });
  const offered = options.data?.singleSignOn[0];
  const back = params.get("sso") as keyof typeof BACK | null;
  if (!offered && identities.data?.data.length === 0) return null;
  return (
    <section aria-labelledby={titleId}>
      <h2 id={titleId}>Single sign-on</h2>
      {identities.data && identities.data.data.length > 0 ? (
        <ul>
          {identities.data.data.map((i) => (
            <li key={`${i.issuer}-${i.linkedAt}`}>
              <code>{i.issuer}</code> signs you in, linked {formatDateTime(i.linkedAt)}.
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">No provider signs you in yet: you sign in with your email and password.</p>
      )}
      {back && BACK[back] && (
        <p className="error" role="alert">
          {BACK[back]}
        </p>
      )}
      {offered && !linking && (
        <div className="actions">
          <button type="button" className="secondary" onClick={() => setLinking(true)}>
            Link {offered.label}
          </button>
          <p className="hint">
            You sign in at {offered.label} with your account's email; from then on it signs you in here too, in place of your password and code. Your password
            keeps working.
          </p>
        </div>
      )}
      {offered && linking && twoFactor.data && (
        <ApiForm form={form} onSubmit={(body) => link.mutateAsync(body)} className="panel" aria-label={`Link ${offered.label}`}>
          <p>
            {offered.label} will sign you in without your password{twoFactor.data.enabled ? " or code" : ""}, so confirm it is you first. Then sign in at{" "}
            {offered.label} with your account's email, within 10 minutes.
          </p>
          {twoFactor.data.hasPassword ? (
            <FormField name="password" label="Your password" type="password" autoComplete="current-password" required />
          ) : (
            !twoFactor.data.enabled && (
              <p className="muted">You have no password: Heed checks that you signed in through single sign-on in the last 10 minutes.</p>
            )
          )}
          {twoFactor.data.enabled && (
            <FormField name="code" label="Code from your authenticator app" inputMode="numeric" autoComplete="one-time-code" maxLength={6} required />
          )}
          <FormAlert />
          <FormActions label={`Continue to ${offered.label}`} pendingLabel="Opening…" onCancel={() => setLinking(false)} />
        </ApiForm>
      )}
    </section>
  );
}
