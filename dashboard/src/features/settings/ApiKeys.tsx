import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { api, noContent, unwrap } from "../../api.js";
import { useCurrentWorkspace } from "../../role.js";
import { ErrorAlert, QueryState } from "../../ui/QueryState.js";
import { ShownOnce } from "../../ui/ShownOnce.js";
import { CreateKeyForm, type NewKey } from "./api-keys/CreateKeyForm.js";
import { KeyTable } from "./api-keys/KeyTable.js";
import { apiKeyKeys, apiKeysQuery } from "./api-keys/queries.js";

// Settings → API keys: the seed's "create API keys in the dashboard under Settings, API keys". A
// new key's secret lives only in this page's state until the person says they have copied it.

export function ApiKeys() {
  const queries = useQueryClient();
  const workspace = useCurrentWorkspace();
  const [creating, setCreating] = useState(false);
  const [secret, setSecret] = useState<{ name: string; key: string } | null>(null);
  const keys = useQuery(apiKeysQuery());
  const create = useMutation({
    mutationFn: async (body: NewKey) => unwrap(await api.POST("/api-keys", { body })),
    onSuccess: (created) => {
      setCreating(false);
      setSecret({ name: created.name, key: created.key });
      queries.invalidateQueries({ queryKey: apiKeyKeys.all });
    },
  });
  const revoke = useMutation({
    mutationFn: async (id: string) => {
      noContent(await api.DELETE("/api-keys/{id}", { params: { path: { id } } }));
    },
    onSettled: () => queries.invalidateQueries({ queryKey: apiKeyKeys.all }),
  });
  return (
    <section>
      <h1>API keys</h1>
      <p className="muted">
        Secret keys for your servers and scripts. A key opens the same <code>/v1</code> routes as this dashboard, limited to its permissions. Keep them out of
        browsers and apps: the widget uses the public key (Settings → Workspace).
      </p>
      {secret && <ShownOnce label={`Your new key “${secret.name}”`} value={secret.key} onDone={() => setSecret(null)} />}
      {creating ? (
        <CreateKeyForm
          isOwner={workspace?.role === "owner"}
          onCreate={(key) => create.mutateAsync(key)}
          onCancel={() => {
            setCreating(false);
            create.reset();
          }}
        />
      ) : (
        <button
          type="button"
          onClick={() => {
            setSecret(null);
            setCreating(true);
          }}
        >
          New API key
        </button>
      )}
      <ErrorAlert error={revoke.error} lead="The key was not revoked." />
      <QueryState
        query={keys}
        what="API keys"
        isEmpty={(page) => page.data.length === 0}
        empty={
          <>
            <h2>No API keys yet</h2>
            <p>Create one for each server or script that talks to Heed, with only the permissions it needs, so that each can be revoked alone.</p>
          </>
        }
      >
        {(page) => <KeyTable keys={page.data} onRevoke={(key) => revoke.mutate(key.id)} revoking={revoke.isPending ? (revoke.variables ?? null) : null} />}
      </QueryState>
    </section>
  );
}
