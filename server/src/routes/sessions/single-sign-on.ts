import { finishSingleSignOn, startSingleSignOn } from "../../core/accounts/single-sign-on.js";
import { HeedError } from "../../core/errors.js";
import { defineOperation } from "../../http/define-operation.js";
import { finishAuthorization, startAuthorization } from "../../http/oidc-client.js";
import { noCredential } from "../../http/route-security.js";
import { setSessionCookie } from "../../http/session-cookie.js";
import { OidcCallbackQuery, OidcStartQuery } from "../../schemas/single-sign-on.js";

// Signing in through the server's OpenID Connect provider (OIDC_ISSUER): a browser is sent there
// and comes back signed in.

export const startSingleSignOnOperation = defineOperation(
  {
    method: "get",
    path: "/auth/oidc/start",
    operationId: "startSingleSignOn",
    tag: "Sessions",
    summary: "Start single sign-on",
    description: "Sends the browser to the OpenID Connect provider (authorization code flow with PKCE). 404 when the server has none, or no such workspace.",
    credential: noCredential(),
    query: OidcStartQuery,
    answer: { status: 302, description: "To the provider's sign-in page." },
    errors: ["not_found"],
  },
  async (c) => {
    const query = c.req.valid("query");
    const { settings, workspace } = await startSingleSignOn({ services: c.get("services"), input: query });
    const url = await startAuthorization(c, settings, { workspace, redirect: query.redirect ?? "/app" });
    return c.redirect(url, 302);
  },
);

export const finishSingleSignOnOperation = defineOperation(
  {
    method: "get",
    path: "/auth/oidc/callback",
    operationId: "finishSingleSignOn",
    tag: "Sessions",
    summary: "Finish single sign-on",
    description:
      "Where the provider sends the browser back. Checks the answer (state, PKCE, the ID token), signs in the account linked to that identity or with that verified email, or signs up an email of an allowed domain (OIDC_ALLOWED_DOMAINS) as a member; then sets the session cookie and redirects.",
    credential: noCredential(),
    query: OidcCallbackQuery,
    answer: { status: 302, description: "Signed in: to the page the sign-in started for." },
    errors: ["not_found", "invalid_credential"],
  },
  async (c) => {
    const services = c.get("services");
    if (!services.oidc) throw new HeedError("not_found", "Single sign-on is not set up on this server (OIDC_ISSUER).");
    const query = c.req.valid("query");
    if (query.error) throw new HeedError("invalid_credential", `The identity provider refused: ${query.error_description ?? query.error}`);
    const { identity, flow } = await finishAuthorization(c, services.oidc);
    const meta = { userAgent: c.req.header("user-agent") ?? null, ip: c.get("clientAddress") ?? null };
    const { token } = await finishSingleSignOn({ services, identity, workspace: flow.workspace, meta });
    setSessionCookie(c, token);
    return c.redirect(flow.redirect, 302);
  },
);
