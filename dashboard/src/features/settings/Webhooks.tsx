import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useSearchParams } from "react-router";
import { api, unwrap } from "../../api.js";
import { QueryState } from "../../ui/QueryState.js";
import { EndpointDetail } from "./webhooks/EndpointDetail.js";
import { EndpointForm, type EndpointInput } from "./webhooks/EndpointForm.js";
import { EndpointList } from "./webhooks/EndpointList.js";
import { endpointsQuery, webhookKeys } from "./webhooks/queries.js";

// Settings → Webhooks: the seed's "subscribe to events in the dashboard under Settings, Webhooks".
// The endpoint being looked at is in the address (`?endpoint=…`), so it can be linked and reloaded.

export function Webhooks() {
  const queries = useQueryClient();
  const [params, setParams] = useSearchParams();
  const endpointId = params.get("endpoint");
  const [creating, setCreating] = useState(false);
  const [newSecret, setNewSecret] = useState<string | null>(null);
  const endpoints = useQuery({ ...endpointsQuery(), enabled: endpointId === null });
  const create = useMutation({
    mutationFn: async (body: EndpointInput) => unwrap(await api.POST("/webhooks/endpoints", { body })),
    onSuccess: ({ secret, id }) => {
      setCreating(false);
      setNewSecret(secret);
      queries.invalidateQueries({ queryKey: webhookKeys.endpoints() });
      setParams({ endpoint: id });
    },
  });
  const open = (id: string | null) => {
    setNewSecret(null);
    setParams(id ? { endpoint: id } : {});
  };
  if (endpointId) return <EndpointDetail endpointId={endpointId} newSecret={newSecret} onSecretSeen={() => setNewSecret(null)} onBack={() => open(null)} />;
  return (
    <section>
      <h1>Webhooks</h1>
      <p className="muted">
        Heed sends events (a new post, a status change, a vote…) to your endpoints as they happen, signed with Standard Webhooks, retried with backoff, and
        replayable from the delivery log.
      </p>
      {creating ? (
        <EndpointForm
          onSave={(input) => create.mutateAsync(input)}
          onCancel={() => {
            setCreating(false);
            create.reset();
          }}
        />
      ) : (
        <button type="button" onClick={() => setCreating(true)}>
          New endpoint
        </button>
      )}
      <QueryState
        query={endpoints}
        what="webhook endpoints"
        isEmpty={(page) => page.data.length === 0}
        empty={
          <>
            <h2>No endpoints yet</h2>
            <p>Add the URL of a service that should hear about new posts, votes and status changes: your CRM, Slack bridge or data warehouse.</p>
          </>
        }
      >
        {(page) => <EndpointList endpoints={page.data} onOpen={open} />}
      </QueryState>
    </section>
  );
}
