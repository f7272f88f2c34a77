import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useId, useState } from "react";
import { api, noContent, problemOf, unwrap } from "../../../api.js";
import { Field, FormError } from "../../../ui/Field.js";
import { formatDateTime } from "../../../ui/format.js";
import { QrCode } from "./QrCode.js";

// Settings → Your sessions → Two-factor sign-in: scan a secret with an authenticator app, confirm
// with its first code, keep the ten recovery codes (shown once); later, new codes or turning it
// off, each with the password. The secret and the codes live only in this component's state.

const STATUS = ["two-factor"];

export function TwoFactorSettings() {
  const titleId = useId();
  const queries = useQueryClient();
  const status = useQuery({ queryKey: STATUS, queryFn: async () => unwrap(await api.GET("/auth/two-factor")) });
  const [codes, setCodes] = useState<string[] | null>(null);
  const refresh = () => {
    queries.invalidateQueries({ queryKey: STATUS });
    // The session's `account.twoFactor` and `secondFactor` changed too (the workspace banner reads them).
    queries.invalidateQueries({ queryKey: ["session"] });
  };
  const enrol = useMutation({ mutationFn: async () => unwrap(await api.POST("/auth/two-factor/enrol")) });
  const confirm = useMutation({
    mutationFn: async (code: string) => unwrap(await api.POST("/auth/two-factor/confirm", { body: { code } })),
    onSuccess: (answer) => {
      setCodes(answer.recoveryCodes);
      enrol.reset();
      refresh();
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

  const proof = (form: FormData) => {
    const password = String(form.get("password") ?? "");
    const code = String(form.get("code") ?? "").trim();
    return { ...(password ? { password } : {}), ...(code ? { code } : {}) };
  };
  const onConfirm = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    confirm.mutate(String(new FormData(event.currentTarget).get("code")).replace(/\s/g, ""));
  };
  const onManage = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    const body = proof(new FormData(event.currentTarget));
    if (submitter?.value === "disable") disable.mutate(body);
    else renew.mutate(body);
  };

  return (
    <section aria-labelledby={titleId}>
      <h2 id={titleId}>Two-factor sign-in</h2>
      {status.isPending && <p className="muted">Loading…</p>}
      {status.isError && (
        <p className="error" role="alert">
          Two-factor sign-in could not be loaded. {problemOf(status.error).detail}
        </p>
      )}
      {codes && (
        <section className="shown-once" aria-label="Recovery codes">
          <h3>Your recovery codes</h3>
          <p>Each one signs you in once if you lose your phone. Save them somewhere safe now: Heed keeps only their hashes and cannot show them again.</p>
          <ol className="recovery-codes" data-testid="recovery-codes">
            {codes.map((code) => (
              <li key={code}>{code}</li>
            ))}
          </ol>
          <button type="button" className="secondary" onClick={() => setCodes(null)}>
            I have saved them
          </button>
        </section>
      )}
      {status.data && !status.data.enabled && !enrol.data && (
        <>
          <p className="muted">Off: your password alone signs you in. With it on, every sign-in also asks for a code from an app on your phone.</p>
          {enrol.error && (
            <p className="error" role="alert">
              {problemOf(enrol.error).detail}
            </p>
          )}
          <button type="button" onClick={() => enrol.mutate()} disabled={enrol.isPending}>
            {enrol.isPending ? "Starting…" : "Turn on two-factor sign-in"}
          </button>
        </>
      )}
      {enrol.data && (
        <form onSubmit={onConfirm} noValidate className="panel" aria-label="Confirm two-factor sign-in">
          <p>Scan this code with an authenticator app (1Password, Google Authenticator, Authy, …), then enter the 6 digits it shows.</p>
          <QrCode value={enrol.data.otpauthUrl} label="QR code of the two-factor secret" />
          <p>
            Cannot scan? Type this key into the app: <code data-testid="totp-secret">{enrol.data.secret.replace(/(.{4})/g, "$1 ").trim()}</code>
          </p>
          <Field
            label="Code from the app"
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            required
            error={confirm.error ? (problemOf(confirm.error).fields.code ?? problemOf(confirm.error).detail) : undefined}
          />
          <div className="actions">
            <button type="submit" disabled={confirm.isPending}>
              {confirm.isPending ? "Checking…" : "Confirm and turn on"}
            </button>
            <button type="button" className="secondary" onClick={() => enrol.reset()}>
              Cancel
            </button>
          </div>
        </form>
      )}
      {status.data?.enabled && (
        <>
          <p>
            <span className="badge good">On</span> since {formatDateTime(status.data.enabledAt!)}. {status.data.recoveryCodesLeft} of 10 recovery codes left.
          </p>
          <form onSubmit={onManage} noValidate className="panel" aria-label="Manage two-factor sign-in">
            <Field
              label="Your password"
              name="password"
              type="password"
              autoComplete="current-password"
              hint="Asked before anything that weakens your sign-in."
            />
            <Field label="Or, without a password, a current code" name="code" inputMode="numeric" autoComplete="one-time-code" maxLength={6} />
            <FormError problem={renew.error ? problemOf(renew.error) : disable.error ? problemOf(disable.error) : null} />
            <div className="actions">
              <button type="submit" value="renew" className="secondary" disabled={renew.isPending}>
                New recovery codes
              </button>
              <button type="submit" value="disable" className="danger" disabled={disable.isPending}>
                Turn off two-factor sign-in
              </button>
            </div>
          </form>
        </>
      )}
    </section>
  );
}
