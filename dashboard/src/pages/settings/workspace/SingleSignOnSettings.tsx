import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useId, useRef, useState } from "react";
import { api, noContent, problemOf, unwrap } from "../../../api.js";
import { useCurrentWorkspace } from "../../../role.js";
import { ConfirmButton } from "../../../ui/Confirm.js";
import { Field, FormError } from "../../../ui/Field.js";
import { formatDateTime } from "../../../ui/format.js";

// Settings → Workspace → Single sign-on: the workspace's own OpenID Connect provider. The client
// secret goes one way: Heed never answers it, so changing anything means typing it again. Only an
// owner changes it (whoever runs the provider decides who signs in); an admin sees it read-only.

const QUERY_KEY = ["workspace", "single-sign-on"];

export function SingleSignOnSettings() {
  const queries = useQueryClient();
  const domainsId = useId();
  const [saved, setSaved] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const isOwner = useCurrentWorkspace()?.role === "owner";
  const current = useQuery({
    queryKey: QUERY_KEY,
    queryFn: async () => {
      const result = await api.GET("/workspace/single-sign-on");
      // 404: the workspace has none of its own (the server's provider, if any, applies).
      if (result.response.status === 404) return null;
      return unwrap(result);
    },
  });
  const save = useMutation({
    mutationFn: async (body: { issuer: string; clientId: string; clientSecret: string; allowedDomains: string[]; label: string }) =>
      unwrap(await api.PUT("/workspace/single-sign-on", { body })),
    onSuccess: (answer) => {
      queries.setQueryData(QUERY_KEY, answer);
      setSaved(true);
      // The secret went to the server; the page does not keep it.
      const secret = form.current?.elements.namedItem("clientSecret");
      if (secret instanceof HTMLInputElement) secret.value = "";
    },
  });
  const remove = useMutation({
    mutationFn: async () => {
      noContent(await api.DELETE("/workspace/single-sign-on"));
    },
    onSuccess: () => queries.setQueryData(QUERY_KEY, null),
  });
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSaved(false);
    const form = new FormData(event.currentTarget);
    save.mutate({
      issuer: String(form.get("issuer")).trim(),
      clientId: String(form.get("clientId")).trim(),
      clientSecret: String(form.get("clientSecret")),
      allowedDomains: String(form.get("allowedDomains"))
        .split(/[\s,]+/)
        .filter(Boolean),
      label: String(form.get("label")).trim() || "single sign-on",
    });
  };
  const problem = save.error ? problemOf(save.error) : null;
  const domainError = Object.entries(problem?.fields ?? {}).find(([name]) => name.startsWith("allowedDomains"))?.[1];
  if (current.isPending)
    return (
      <p className="loading" role="status" aria-busy="true">
        Loading single sign-on…
      </p>
    );
  if (current.isError)
    return (
      <p className="error" role="alert">
        Single sign-on could not be loaded. {problemOf(current.error).detail}
      </p>
    );
  const provider = current.data;
  return (
    <section aria-labelledby={`${domainsId}-title`}>
      <h2 id={`${domainsId}-title`}>Single sign-on</h2>
      <p className="muted">
        Your team signs in through your own OpenID Connect provider (Okta, Entra ID, Google Workspace, Keycloak). People with a verified email of an allowed
        domain and no account yet join as members on their first sign-in; everyone who already has an account links it once, signed in, under Settings, Your
        sessions. It never opens an account by its email, and only accounts that belong to this workspace alone.
      </p>
      {!isOwner && <p className="muted">Only an owner can change single sign-on.</p>}
      {provider ? (
        <p>
          On since {formatDateTime(provider.updatedAt)}: the sign-in page offers “Sign in with {provider.label}” at <code>/app/sign-in?workspace=…</code>.
          Register this redirect URI at the provider: <code>{provider.callbackUrl}</code>
        </p>
      ) : (
        <p>Not set up: people sign in with their email and password, or with the server's single sign-on if it has one.</p>
      )}
      <form ref={form} onSubmit={onSubmit} noValidate>
        <fieldset disabled={!isOwner} className="plain">
          <Field
            label="Issuer URL"
            name="issuer"
            type="url"
            required
            defaultValue={provider?.issuer}
            error={problem?.fields.issuer}
            hint="As your provider names it, e.g. https://acme.okta.com"
          />
          <Field label="Client ID" name="clientId" required defaultValue={provider?.clientId} error={problem?.fields.clientId} />
          <Field
            label="Client secret"
            name="clientSecret"
            type="password"
            autoComplete="off"
            required
            error={problem?.fields.clientSecret}
            hint={provider ? "Heed never shows it again: type it to save any change." : undefined}
          />
          <div className="field">
            <label htmlFor={domainsId}>Allowed email domains</label>
            <p id={`${domainsId}-hint`} className="hint">
              Separated by commas or spaces. Empty: only people who already have an account here sign in.
            </p>
            <textarea
              id={domainsId}
              name="allowedDomains"
              rows={2}
              defaultValue={provider?.allowedDomains.join(", ")}
              aria-describedby={`${domainsId}-hint${domainError ? ` ${domainsId}-error` : ""}`}
              aria-invalid={domainError ? true : undefined}
            />
            {domainError && (
              <p id={`${domainsId}-error`} className="error">
                {domainError}
              </p>
            )}
          </div>
          <Field label="Button label" name="label" defaultValue={provider?.label ?? ""} placeholder="Okta" error={problem?.fields.label} />
          <FormError problem={problem} />
          {remove.error && (
            <p className="error" role="alert">
              Single sign-on was not turned off. {problemOf(remove.error).detail}
            </p>
          )}
          <div className="actions">
            <button type="submit" disabled={save.isPending}>
              {save.isPending ? "Saving…" : provider ? "Save single sign-on" : "Turn on single sign-on"}
            </button>
            {provider && (
              <ConfirmButton
                label="Turn off"
                ariaLabel="Turn off single sign-on"
                title="Turn off single sign-on?"
                confirm="Turn it off"
                onConfirm={() => remove.mutate()}
                disabled={remove.isPending}
              >
                <p>
                  People sign in with their passwords from now on; accounts made through single sign-on need a password link. Sessions already open stay open.
                </p>
              </ConfirmButton>
            )}
          </div>
        </fieldset>
        <p role="status" className="muted">
          {saved ? "Single sign-on saved." : ""}
        </p>
      </form>
    </section>
  );
}
