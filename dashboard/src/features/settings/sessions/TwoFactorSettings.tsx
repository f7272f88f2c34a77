import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type BaseSyntheticEvent, useId, useState } from "react";
import { api, noContent, unwrap } from "../../../api.js";
import { ApiForm } from "../../../ui/form/ApiForm.js";
import { FormAlert } from "../../../ui/form/FormAlert.js";
import { FormCheckbox, FormField } from "../../../ui/form/FormField.js";
import { useApiForm } from "../../../ui/form/useApiForm.js";
import { FormActions } from "../../../ui/FormActions.js";
import { formatDateTime } from "../../../ui/format.js";
import { Loaded } from "../../../ui/QueryState.js";
import { accountKeys } from "../../../data/account.js";
import { QrCode } from "./QrCode.js";
import { sessionsKeys, twoFactorQuery } from "./queries.js";
import { confirmSchema, enrolSchema, proofSchema } from "./schemas.js";
import { RecoveryCodes } from "./RecoveryCodes.js";

// Settings → Your sessions → Two-factor sign-in: confirm it is you (the password), scan a secret
// with an authenticator app, confirm with its first code (signing the other sessions out, unless
// the person keeps them), keep the ten recovery codes (shown once); later, new codes or turning it
// off, each with the password. The secret and the codes live only in this component's state.

export function TwoFactorSettings() {
  const titleId = useId();
  const queries = useQueryClient();
  const status = useQuery(twoFactorQuery());
  const [codes, setCodes] = useState<string[] | null>(null);
  // Turning it on starts by asking for the password: a session alone could be someone else's.
  const [starting, setStarting] = useState(false);
  const refresh = () => {
    queries.invalidateQueries({ queryKey: sessionsKeys.twoFactor() });
    // The session's `account.twoFactor` and `secondFactor` changed too (the workspace banner reads them).
    queries.invalidateQueries({ queryKey: accountKeys.session });
  };
  const enrol = useMutation({
    mutationFn: async (body: { password?: string }) => unwrap(await api.POST("/auth/two-factor/enrol", { body })),
    onSuccess: () => setStarting(false),
  });
  const confirm = useMutation({
    mutationFn: async (body: { code: string; signOutOtherSessions: boolean }) => unwrap(await api.POST("/auth/two-factor/confirm", { body })),
    onSuccess: (answer) => {
      setCodes(answer.recoveryCodes);
      enrol.reset();
      refresh();
      // The other browsers may have been signed out.
      queries.invalidateQueries({ queryKey: sessionsKeys.list() });
    },
  });
  const renew = useMutation({
    mutationFn: async (body: { password?: string; code?: string }) => unwrap(await api.POST("/auth/two-factor/recovery-codes", { body })),
    onSuccess: (answer) => {
      setCodes(answer.recoveryCodes);
      refresh();
    },
  });
  const disable = useMutation({
    mutationFn: async (body: { password?: string; code?: string }) => noContent(await api.POST("/auth/two-factor/disable", { body })),
    onSuccess: refresh,
  });

  const enrolForm = useApiForm(enrolSchema, { defaultValues: { password: "" } });
  const confirmForm = useApiForm(confirmSchema, { defaultValues: { code: "", signOutOtherSessions: true } });
  const proofForm = useApiForm(proofSchema, { defaultValues: { password: "", code: "" } });
  // Two buttons send the proof: the one pressed says what for.
  const manage = (body: { password?: string; code?: string }, event?: BaseSyntheticEvent) => {
    const submitter = (event?.nativeEvent as SubmitEvent | undefined)?.submitter as HTMLButtonElement | null | undefined;
    return submitter?.value === "disable" ? disable.mutateAsync(body) : renew.mutateAsync(body);
  };

  return (
    <section aria-labelledby={titleId}>
      <h2 id={titleId}>Two-factor sign-in</h2>
      <Loaded read={status} what="two-factor sign-in" />
      {codes && <RecoveryCodes codes={codes} onSaved={() => setCodes(null)} />}
      {status.data && !status.data.enabled && !enrol.data && !starting && (
        <>
          <p className="muted">Off: your password alone signs you in. With it on, every sign-in also asks for a code from an app on your phone.</p>
          <button type="button" onClick={() => setStarting(true)}>
            Turn on two-factor sign-in
          </button>
        </>
      )}
      {status.data && !status.data.enabled && !enrol.data && starting && (
        <ApiForm
          form={enrolForm}
          onSubmit={(body) => enrol.mutateAsync(body)}
          fallback={status.data.hasPassword ? "password" : undefined}
          className="panel"
          aria-label="Confirm it is you"
        >
          {status.data.hasPassword ? (
            <FormField
              name="password"
              label="Your password"
              type="password"
              autoComplete="current-password"
              hint="Before an authenticator is added to your account: whoever holds this session alone cannot add theirs."
              required
            />
          ) : (
            <>
              <p>
                You sign in through single sign-on, without a password: Heed checks that you did so in the last 10 minutes. If it was longer ago, sign out and
                sign in again first.
              </p>
              <FormAlert />
            </>
          )}
          <FormActions label="Continue" pendingLabel="Checking…" onCancel={() => setStarting(false)} />
        </ApiForm>
      )}
      {enrol.data && (
        <ApiForm form={confirmForm} onSubmit={(body) => confirm.mutateAsync(body)} fallback="code" className="panel" aria-label="Confirm two-factor sign-in">
          <p>Scan this code with an authenticator app (1Password, Google Authenticator, Authy, …), then enter the 6 digits it shows.</p>
          <QrCode value={enrol.data.otpauthUrl} label="QR code of the two-factor secret" />
          <p>
            Cannot scan? Type this key into the app: <code data-testid="totp-secret">{enrol.data.secret.replace(/(.{4})/g, "$1 ").trim()}</code>
          </p>
          <FormField name="code" label="Code from the app" inputMode="numeric" autoComplete="one-time-code" maxLength={6} required />
          <FormCheckbox name="signOutOtherSessions">Sign out my other sessions: any browser signed in without the code, someone else's perhaps</FormCheckbox>
          <FormActions label="Confirm and turn on" pendingLabel="Checking…" onCancel={() => enrol.reset()} />
        </ApiForm>
      )}
      {status.data?.enabled && (
        <>
          <p>
            <span className="badge good">On</span> since {formatDateTime(status.data.enabledAt!)}. {status.data.recoveryCodesLeft} of 10 recovery codes left.
          </p>
          <ApiForm form={proofForm} onSubmit={manage} className="panel" aria-label="Manage two-factor sign-in">
            {status.data.hasPassword ? (
              <FormField
                name="password"
                label="Your password"
                type="password"
                autoComplete="current-password"
                hint="Asked before anything that weakens your sign-in."
              />
            ) : (
              <FormField
                name="code"
                label="A current code from the app"
                hint="Asked before anything that weakens your sign-in (you have no password)."
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
              />
            )}
            <FormAlert />
            <div className="actions">
              <button type="submit" value="renew" className="secondary" disabled={renew.isPending}>
                New recovery codes
              </button>
              <button type="submit" value="disable" className="danger" disabled={disable.isPending}>
                Turn off two-factor sign-in
              </button>
            </div>
          </ApiForm>
        </>
      )}
    </section>
  );
}
