import type { Schemas } from "@heed/client";
import { useQuery } from "@tanstack/react-query";
import { ApiForm } from "../../../ui/form/ApiForm.js";
import { FormAlert } from "../../../ui/form/FormAlert.js";
import { FormCheckbox, FormField, FormTextArea } from "../../../ui/form/FormField.js";
import { useApiForm } from "../../../ui/form/useApiForm.js";
import { FormActions } from "../../../ui/FormActions.js";
import { boardsQuery } from "../../../data/boards.js";
import { PROVIDER_NAMES, type Provider } from "../../../data/integrations.js";
import { githubSchema, linearSchema, slackSchema } from "./schemas.js";

// Connecting Slack, GitHub or Linear: the credential (sealed by the server, never shown again) and
// what each needs besides. Nothing is sent to the provider here: "Send a test" does that after.

type Create = Schemas["CreateIntegration"];

interface Props {
  provider: Provider;
  onSave: (body: Create) => Promise<unknown>;
  onCancel: () => void;
}

const EVENTS = [
  { id: "post.created", label: "New posts" },
  { id: "post.status_changed", label: "Status changes" },
  { id: "comment.created", label: "New comments" },
] as const;

function SlackForm({ onSave, onCancel }: Omit<Props, "provider">) {
  const boards = useQuery(boardsQuery());
  const form = useApiForm(slackSchema, {
    defaultValues: { mode: "token", token: "", channel: "", webhookUrl: "", events: EVENTS.map((e) => e.id), boardIds: [] },
  });
  const mode = form.watch("mode");
  return (
    <ApiForm form={form} onSubmit={onSave} className="panel" aria-label="Connect Slack">
      <h2 className="panel-title">Connect Slack</h2>
      <fieldset>
        <legend>How Heed posts</legend>
        <label className="choice">
          <input type="radio" value="token" {...form.register("mode")} /> A Slack app's bot token and a channel
        </label>
        <label className="choice">
          <input type="radio" value="webhook" {...form.register("mode")} /> An incoming-webhook URL (its channel is fixed)
        </label>
      </fieldset>
      {mode === "token" ? (
        <>
          <FormField
            name="token"
            label="Bot token"
            type="password"
            autoComplete="off"
            spellCheck={false}
            placeholder="xoxb-…"
            hint="With the chat:write scope. Sealed; never shown again."
          />
          <FormField name="channel" label="Channel" placeholder="#feedback" hint="Invite the app to it, or give it chat:write.public." />
        </>
      ) : (
        <FormField name="webhookUrl" label="Incoming-webhook URL" type="url" autoComplete="off" placeholder="https://hooks.slack.com/services/…" />
      )}
      <fieldset>
        <legend>Tell the channel of</legend>
        {EVENTS.map((event) => (
          <FormCheckbox key={event.id} name="events" value={event.id}>
            {event.label}
          </FormCheckbox>
        ))}
        {form.formState.errors.events && <p className="error">{form.formState.errors.events.message}</p>}
      </fieldset>
      <fieldset>
        <legend>On boards</legend>
        <p className="hint">None chosen: every board.</p>
        {boards.data?.data.map((board) => (
          <FormCheckbox key={board.id} name="boardIds" value={board.id}>
            {board.name}
          </FormCheckbox>
        ))}
      </fieldset>
      <FormAlert />
      <FormActions label="Connect Slack" onCancel={onCancel} />
    </ApiForm>
  );
}

function GitHubForm({ onSave, onCancel }: Omit<Props, "provider">) {
  const form = useApiForm(githubSchema, { defaultValues: { token: "", repositories: "" } });
  return (
    <ApiForm form={form} onSubmit={onSave} className="panel" aria-label="Connect GitHub">
      <h2 className="panel-title">Connect GitHub</h2>
      <FormField
        name="token"
        label="Token"
        type="password"
        autoComplete="off"
        spellCheck={false}
        placeholder="github_pat_…"
        hint="A fine-grained token with Issues: read and write on these repositories. Sealed; never shown again."
      />
      <FormTextArea name="repositories" label="Repositories" rows={3} placeholder="acme/app" hint="One owner/name per line: where issues may be created." />
      <FormAlert />
      <FormActions label="Connect GitHub" onCancel={onCancel} />
    </ApiForm>
  );
}

function LinearForm({ onSave, onCancel }: Omit<Props, "provider">) {
  const form = useApiForm(linearSchema, { defaultValues: { token: "", signingSecret: "" } });
  return (
    <ApiForm form={form} onSubmit={onSave} className="panel" aria-label="Connect Linear">
      <h2 className="panel-title">Connect Linear</h2>
      <FormField
        name="token"
        label="API key"
        type="password"
        autoComplete="off"
        spellCheck={false}
        placeholder="lin_api_…"
        hint="Linear → Settings → API. Sealed; never shown again."
      />
      <FormField
        name="signingSecret"
        label="Webhook signing secret (optional now)"
        type="password"
        autoComplete="off"
        spellCheck={false}
        hint="From the webhook you add in Linear for the address Heed gives once connected; it can be added later."
      />
      <FormAlert />
      <FormActions label="Connect Linear" onCancel={onCancel} />
    </ApiForm>
  );
}

export function ConnectForm({ provider, ...props }: Props) {
  if (provider === "slack") return <SlackForm {...props} />;
  if (provider === "github") return <GitHubForm {...props} />;
  return <LinearForm {...props} />;
}

export const connectLabel = (provider: Provider) => `Connect ${PROVIDER_NAMES[provider]}`;
