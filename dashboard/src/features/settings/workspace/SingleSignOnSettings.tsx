import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useId, useState } from "react";
import type { z } from "zod";
import { api, noContent, unwrap } from "../../../api.js";
import { useCurrentWorkspace } from "../../../role.js";
import { ConfirmButton } from "../../../ui/Confirm.js";
import { ApiForm } from "../../../ui/form/ApiForm.js";
import { FormAlert } from "../../../ui/form/FormAlert.js";
import { FormField, FormTextArea } from "../../../ui/form/FormField.js";
import { useApiForm } from "../../../ui/form/useApiForm.js";
import { formatDateTime } from "../../../ui/format.js";
import { ErrorAlert, Loaded } from "../../../ui/QueryState.js";
import { singleSignOnQuery, workspaceKeys, workspaceQuery } from "./queries.js";
import { singleSignOnSchema } from "./schemas.js";

// Settings → Workspace → Single sign-on: the workspace's own OpenID Connect provider. The client
// secret goes one way: Heed never answers it, so changing anything means typing it again. Only an
// owner changes it (whoever runs the provider decides who signs in); an admin sees it read-only.

export function SingleSignOnSettings() {
  const queries = useQueryClient();
  const titleId = useId();
  const [saved, setSaved] = useState(false);
  const isOwner = useCurrentWorkspace()?.role === "owner";
  const settings = useQuery(workspaceQuery());
  const read = singleSignOnQuery(settings.data?.singleSignOn ?? false);
  const current = useQuery({ ...read, enabled: settings.isSuccess });
  const form = useApiForm(singleSignOnSchema, { defaultValues: { issuer: "", clientId: "", clientSecret: "", allowedDomains: "", label: "" } });
  const provider = current.data;
  // The form shows the provider once it has loaded, and again after each save.
  useEffect(() => {
    if (provider !== undefined)
      form.reset({
        issuer: provider?.issuer ?? "",
        clientId: provider?.clientId ?? "",
        // The secret goes one way: the page never keeps it.
        clientSecret: "",
        allowedDomains: provider?.allowedDomains.join(", ") ?? "",
        label: provider?.label ?? "",
      });
  }, [form, provider]);
  const save = useMutation({
    mutationFn: async (body: { issuer: string; clientId: string; clientSecret: string; allowedDomains: string[]; label: string }) =>
      unwrap(await api.PUT("/workspace/single-sign-on", { body })),
    onSuccess: async (answer) => {
      queries.setQueryData(read.queryKey, answer);
      setSaved(true);
      await queries.invalidateQueries({ queryKey: workspaceKeys.settings() });
    },
  });
  const remove = useMutation({
    mutationFn: async () => {
      noContent(await api.DELETE("/workspace/single-sign-on"));
    },
    onSuccess: async () => {
      queries.setQueryData(read.queryKey, null);
      await queries.invalidateQueries({ queryKey: workspaceKeys.settings() });
    },
  });
  const send = (body: z.output<typeof singleSignOnSchema>) => {
    setSaved(false);
    return save.mutateAsync(body);
  };
  if (settings.isPending || settings.isError) return <Loaded read={settings} what="single sign-on" />;
  if (current.isPending || current.isError) return <Loaded read={current} what="single sign-on" />;
  return (
    <section aria-labelledby={`${titleId}-title`}>
      <h2 id={`${titleId}-title`}>Single sign-on</h2>
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
      <ApiForm form={form} onSubmit={send}>
        <fieldset disabled={!isOwner} className="plain">
          <FormField name="issuer" label="Issuer URL" type="url" required hint="As your provider names it, e.g. https://acme.okta.com" />
          <FormField name="clientId" label="Client ID" required />
          <FormField
            name="clientSecret"
            label="Client secret"
            type="password"
            autoComplete="off"
            required
            hint={provider ? "Heed never shows it again: type it to save any change." : undefined}
          />
          <FormTextArea
            name="allowedDomains"
            label="Allowed email domains"
            rows={2}
            hint="Separated by commas or spaces. Empty: only people who already have an account here sign in."
          />
          <FormField name="label" label="Button label" placeholder="Okta" />
          <FormAlert />
          <ErrorAlert error={remove.error} lead="Single sign-on was not turned off." />
          <div className="actions">
            <button type="submit" disabled={form.formState.isSubmitting}>
              {form.formState.isSubmitting ? "Saving…" : provider ? "Save single sign-on" : "Turn on single sign-on"}
            </button>
            {provider && (
              <ConfirmButton label="Turn off" ariaLabel="Turn off single sign-on" title="Turn off single sign-on?" confirm="Turn it off" run={remove}>
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
      </ApiForm>
    </section>
  );
}
