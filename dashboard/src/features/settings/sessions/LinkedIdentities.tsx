import { useMutation, useQuery } from "@tanstack/react-query";
import { useId } from "react";
import { useSearchParams } from "react-router";
import { api, unwrap } from "../../../api.js";
import { useCurrentWorkspace } from "../../../role.js";
import { formatDateTime } from "../../../ui/format.js";
import { ErrorAlert } from "../../../ui/QueryState.js";
import { signInOptionsQuery } from "../../account/queries.js";
import { identitiesQuery } from "./queries.js";

// Settings → Your sessions → Single sign-on: the providers that sign this account in, and linking
// the one on offer. A workspace's provider opens an existing account only once its owner has
// linked it here, signed in: the provider alone never decides who someone is.

const BACK = {
  refused: "Single sign-on was not linked: that identity already signs in another account, or the link took too long. Try again.",
  unavailable: "Single sign-on is unavailable: the provider did not answer. Try again later.",
};

export function LinkedIdentities() {
  const titleId = useId();
  const workspace = useCurrentWorkspace();
  const [params] = useSearchParams();
  const identities = useQuery(identitiesQuery());
  const options = useQuery(signInOptionsQuery(workspace?.slug));
  const link = useMutation({
    mutationFn: async () => unwrap(await api.POST("/auth/oidc/link", { body: {} })),
    // The provider's own page: it sends the browser back here once the person has signed in there.
    onSuccess: (answer) => window.location.assign(answer.url),
  });
  const offered = options.data?.singleSignOn[0];
  const back = params.get("sso") as keyof typeof BACK | null;
  if (!offered && identities.data?.data.length === 0) return null;
  return (
    <section aria-labelledby={titleId}>
      <h2 id={titleId}>Single sign-on</h2>
      {identities.data && identities.data.data.length > 0 ? (
        <ul>
          {identities.data.data.map((i) => (
            <li key={`${i.issuer}-${i.linkedAt}`}>
              <code>{i.issuer}</code> signs you in, linked {formatDateTime(i.linkedAt)}.
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">No provider signs you in yet: you sign in with your email and password.</p>
      )}
      {back && BACK[back] && (
        <p className="error" role="alert">
          {BACK[back]}
        </p>
      )}
      <ErrorAlert error={link.error} />
      {offered && (
        <div className="actions">
          <button type="button" className="secondary" onClick={() => link.mutate()} disabled={link.isPending}>
            {link.isPending ? "Opening…" : `Link ${offered.label}`}
          </button>
          <p className="hint">You sign in at {offered.label}; from then on it signs you in here too. Your password keeps working.</p>
        </div>
      )}
    </section>
  );
}
