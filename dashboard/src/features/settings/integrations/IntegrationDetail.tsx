import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { api, unwrap } from "../../../api.js";
import { ConfirmButton } from "../../../ui/Confirm.js";
import { CopyButton } from "../../../ui/CopyButton.js";
import { ApiForm } from "../../../ui/form/ApiForm.js";
import { FormAlert } from "../../../ui/form/FormAlert.js";
import { FormField } from "../../../ui/form/FormField.js";
import { useApiForm } from "../../../ui/form/useApiForm.js";
import { NotShown, ErrorAlert, Loading } from "../../../ui/QueryState.js";
import { ShownOnce } from "../../../ui/ShownOnce.js";
import { TurnedOffNotice } from "../../../ui/TurnedOff.js";
import { IntegrationLog } from "./IntegrationLog.js";
import { type Integration, integrationKeys, PROVIDER_NAMES } from "../../../data/integrations.js";
import { integrationQuery } from "./queries.js";
import { signingSecretSchema } from "./schemas.js";
import { StatusMapping } from "./StatusMapping.js";

// One integration: what it is connected as, the address a tracker's webhook goes to, the status
// mapping, a test, turning it off and on, disconnecting, and its log.

const SECRET_NOTE = "Paste it into the webhook you add in GitHub (Secret). Heed keeps it to check deliveries but never shows it again.";

function Receiving({ integration }: { integration: Integration }) {
  const queries = useQueryClient();
  const form = useApiForm(signingSecretSchema, { defaultValues: { signingSecret: "" } });
  const save = async (body: { signingSecret: string }) => {
    const updated = unwrap(await api.PATCH("/integrations/{id}", { params: { path: { id: integration.id } }, body }));
    queries.setQueryData(integrationKeys.one(integration.id), updated);
    form.reset();
  };
  if (!integration.receiveUrl) return null;
  const where =
    integration.provider === "github"
      ? "In each repository: Settings → Webhooks → Add webhook, content type application/json, the Issues events."
      : "In Linear: Settings → API → Webhooks → New webhook, resource type Issues.";
  return (
    <section className="panel" aria-label="Receiving">
      <h2 className="panel-title">Receiving issue changes</h2>
      <p className="hint">{where}</p>
      <div className="secret-row">
        <code>{integration.receiveUrl}</code>
        <CopyButton value={integration.receiveUrl} label="Copy the address" />
      </div>
      <p>
        {integration.hasSigningSecret
          ? "A signing secret is set: unsigned or forged deliveries are refused."
          : "No signing secret yet: every delivery is refused until one is set."}
      </p>
      <ApiForm form={form} onSubmit={save} aria-label="Signing secret">
        <FormField
          name="signingSecret"
          label={integration.hasSigningSecret ? "Replace the signing secret" : "Signing secret"}
          type="password"
          autoComplete="off"
          spellCheck={false}
          hint={integration.provider === "linear" ? "Linear shows it on the webhook's page." : "The secret you gave the webhook in GitHub."}
        />
        <FormAlert />
        <button type="submit" className="secondary">
          Save secret
        </button>
      </ApiForm>
    </section>
  );
}

export function IntegrationDetail({
  integrationId,
  newSecret,
  onSecretSeen,
  onBack,
}: {
  integrationId: string;
  newSecret: string | null;
  onSecretSeen: () => void;
  onBack: () => void;
}) {
  const queries = useQueryClient();
  const [watching, setWatching] = useState(false);
  // While a test is out, the integration is read again too: its `account` arrives with the answer.
  const read = useQuery({ ...integrationQuery(integrationId), refetchInterval: watching ? 1000 : false });
  const refresh = (updated: Integration) => {
    queries.setQueryData(integrationKeys.one(integrationId), updated);
    queries.invalidateQueries({ queryKey: integrationKeys.list() });
  };
  const test = useMutation({
    mutationFn: async () => unwrap(await api.POST("/integrations/{id}/test", { params: { path: { id: integrationId } } })),
    onSuccess: () => {
      setWatching(true);
      // Watch the log and the integration for the outcome for a while: the worker answers within seconds.
      setTimeout(() => setWatching(false), 8_000);
    },
  });
  const toggle = useMutation({
    mutationFn: async (enabled: boolean) => unwrap(await api.PATCH("/integrations/{id}", { params: { path: { id: integrationId } }, body: { enabled } })),
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: async () => unwrap(await api.DELETE("/integrations/{id}", { params: { path: { id: integrationId } } })),
    onSuccess: () => {
      queries.invalidateQueries({ queryKey: integrationKeys.list() });
      onBack();
    },
  });
  if (read.isPending) return <Loading what="the integration" />;
  if (read.isError) return <NotShown what="integration" error={read.error} back={{ to: "/settings/integrations", label: "All integrations" }} />;
  const integration = read.data;
  return (
    <section>
      <button type="button" className="link" onClick={onBack}>
        ← All integrations
      </button>
      <h1>{integration.name}</h1>
      <p className="muted">
        {PROVIDER_NAMES[integration.provider]} · {integration.enabled ? "on" : integration.disabledReason ? "turned off by Heed" : "off"}
        {integration.account ? ` · connected as ${integration.account}` : " · not tested yet"}
        {integration.channel ? ` · ${integration.channel}` : ""}
        {integration.repositories.length > 0 ? ` · ${integration.repositories.join(", ")}` : ""}
      </p>
      {newSecret && <ShownOnce label="The webhook's signing secret" value={newSecret} note={SECRET_NOTE} onDone={onSecretSeen} />}
      <TurnedOffNotice receiver={integration} noun="integration" onTurnOn={() => toggle.mutate(true)} pending={toggle.isPending} />
      <div className="actions">
        <button type="button" onClick={() => test.mutate()} disabled={test.isPending}>
          {test.isPending ? "Sending…" : "Send a test"}
        </button>
        {!integration.disabledReason && (
          <button type="button" className="secondary" onClick={() => toggle.mutate(!integration.enabled)} disabled={toggle.isPending}>
            {integration.enabled ? "Turn off" : "Turn on"}
          </button>
        )}
        <ConfirmButton label="Disconnect" title={`Disconnect ${integration.name}?`} confirm="Disconnect" run={remove}>
          <p>Its issue links, queued messages and log go with it. Posts stay as they are, and so do the issues in {PROVIDER_NAMES[integration.provider]}.</p>
        </ConfirmButton>
      </div>
      <p role="status" className="muted">
        {watching ? "Test sent: its outcome appears in the log below." : ""}
      </p>
      <ErrorAlert error={test.error ?? toggle.error ?? remove.error} lead="That did not work." />
      {integration.provider !== "slack" && (
        <>
          <Receiving integration={integration} />
          <StatusMapping integration={integration} />
        </>
      )}
      <h2>Log</h2>
      <IntegrationLog integrationId={integration.id} watching={watching} />
    </section>
  );
}
