import type { Schemas } from "@heed/client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { api, unwrap } from "../../../api.js";
import { ConfirmButton } from "../../../ui/Confirm.js";
import { CopyButton } from "../../../ui/CopyButton.js";
import { ErrorAlert } from "../../../ui/QueryState.js";
import { workspaceQuery } from "./queries.js";

// The two keys of the customer side. The public key sits in customers' pages and may be shown;
// the identity secret signs `userHash` and identity JWTs on their servers, so it stays hidden
// until someone asks to see it.

type Workspace = Schemas["Workspace"];

export function Keys({ workspace }: { workspace: Workspace }) {
  const queries = useQueryClient();
  const [secret, setSecret] = useState<string | null>(null);
  const reveal = useMutation({
    mutationFn: async () => unwrap(await api.GET("/workspace/identity-secret")).identitySecret,
    onSuccess: setSecret,
  });
  const rotateSecret = useMutation({
    mutationFn: async () => unwrap(await api.POST("/workspace/identity-secret/rotate")).identitySecret,
    onSuccess: setSecret,
  });
  const rotateKey = useMutation({
    mutationFn: async () => unwrap(await api.POST("/workspace/public-key/rotate")),
    onSuccess: (answer) => queries.setQueryData(workspaceQuery().queryKey, answer),
  });
  const error = reveal.error ?? rotateSecret.error ?? rotateKey.error;
  return (
    <>
      <ErrorAlert error={error} />
      <h2>Public key</h2>
      <p className="muted">
        For the widget and your pages (<code>data-public-key</code>): it opens only identify, track and the portal's routes.
      </p>
      <div className="secret-row">
        <code data-testid="public-key">{workspace.publicKey}</code>
        <CopyButton value={workspace.publicKey} label="Copy the public key" />
      </div>
      <ConfirmButton label="Rotate public key" className="secondary spaced" title="Rotate the public key?" confirm="Rotate" run={rotateKey}>
        <p>Pages and widgets with the old key are refused (401) at once, until they carry the new one.</p>
      </ConfirmButton>

      <h2>Identity secret</h2>
      <p className="muted">Your servers compute userHash (HMAC-SHA256 of the user id) or sign identity JWTs with it. Never put it in a page or an app.</p>
      <p>Sign each identify on your server and hand the result to the page, as in Node:</p>
      <pre className="excerpt">
        <code>{`const userHash = createHmac("sha256", process.env.HEED_IDENTITY_SECRET).update(user.id).digest("hex");
// in the page:
Heed.identify({ userId: user.id, name: user.name, userHash });`}</code>
      </pre>
      {secret ? (
        <div className="secret-row">
          <code data-testid="identity-secret">{secret}</code>
          <CopyButton value={secret} label="Copy the identity secret" />
          <button type="button" className="secondary" onClick={() => setSecret(null)}>
            Hide
          </button>
        </div>
      ) : (
        <button type="button" className="secondary" onClick={() => reveal.mutate()} disabled={reveal.isPending}>
          Reveal the identity secret
        </button>
      )}
      <div className="spaced">
        <ConfirmButton label="Rotate identity secret" className="secondary" title="Rotate the identity secret?" confirm="Rotate" run={rotateSecret}>
          <p>
            From now on, proofs made with the old secret are refused and every end user's token stops working: switch your servers to the new secret right
            after.
          </p>
        </ConfirmButton>
      </div>
    </>
  );
}
