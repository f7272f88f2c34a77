import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useSearchParams } from "react-router";
import type { Schemas } from "@heed/client";
import { api, unwrap } from "../../api.js";
import { QueryState } from "../../ui/QueryState.js";
import { ConnectForm, connectLabel } from "./integrations/ConnectForm.js";
import { IntegrationDetail } from "./integrations/IntegrationDetail.js";
import { IntegrationList } from "./integrations/IntegrationList.js";
import { NeedsKey } from "./integrations/NeedsKey.js";
import { workspaceQuery } from "./workspace/queries.js";
import { integrationKeys, integrationsQuery, type Provider } from "../../data/integrations.js";

// Settings → Integrations: Slack channels told of new posts, status changes and comments; GitHub
// and Linear, where issues are created from posts and whose state moves them. The integration
// being looked at is in the address (`?integration=…`), so it can be linked and reloaded.

const PROVIDERS: Provider[] = ["slack", "github", "linear"];

export function Integrations() {
  const queries = useQueryClient();
  const [params, setParams] = useSearchParams();
  const integrationId = params.get("integration");
  const [connecting, setConnecting] = useState<Provider | null>(null);
  const [newSecret, setNewSecret] = useState<string | null>(null);
  const list = useQuery({ ...integrationsQuery(), enabled: integrationId === null });
  // What the server is set up for: without INTEGRATIONS_KEY no Connect form is offered.
  const workspace = useQuery(workspaceQuery());
  const create = useMutation({
    mutationFn: async (body: Schemas["CreateIntegration"]) => unwrap(await api.POST("/integrations", { body })),
    onSuccess: ({ id, signingSecret }) => {
      setConnecting(null);
      setNewSecret(signingSecret);
      queries.invalidateQueries({ queryKey: integrationKeys.list() });
      setParams({ integration: id });
    },
  });
  const open = (id: string | null) => {
    setNewSecret(null);
    setParams(id ? { integration: id } : {});
  };
  if (integrationId)
    return <IntegrationDetail integrationId={integrationId} newSecret={newSecret} onSecretSeen={() => setNewSecret(null)} onBack={() => open(null)} />;
  return (
    <section>
      <h1>Integrations</h1>
      <p className="muted">
        Tell a Slack channel what happens on your boards, and turn posts into GitHub or Linear issues whose progress moves the post and tells its voters. Tokens
        are sealed on the server and never shown again.
      </p>
      {workspace.data && !workspace.data.capabilities.integrations ? (
        <NeedsKey />
      ) : connecting ? (
        <ConnectForm provider={connecting} onSave={(body) => create.mutateAsync(body)} onCancel={() => setConnecting(null)} />
      ) : (
        <div className="actions">
          {PROVIDERS.map((provider) => (
            <button key={provider} type="button" disabled={!workspace.data} onClick={() => setConnecting(provider)}>
              {connectLabel(provider)}
            </button>
          ))}
        </div>
      )}
      <QueryState
        query={list}
        what="integrations"
        isEmpty={(page) => page.data.length === 0}
        empty={
          <>
            <h2>Nothing connected yet</h2>
            <p>Connect Slack to hear of new feedback where the team talks, or GitHub or Linear to track the work a post asks for.</p>
          </>
        }
      >
        {(page) => <IntegrationList integrations={page.data} onOpen={open} />}
      </QueryState>
    </section>
  );
}
