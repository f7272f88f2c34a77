import { finishSingleSignOn, getSignInOptions, providerOf, startSingleSignOn } from "../../core/accounts/single-sign-on.js";
import { HeedError } from "../../core/errors.js";
import { defineOperation } from "../../http/define-operation.js";
import { finishAuthorization, startAuthorization, takeFlow } from "../../http/oidc-client.js";
import { noCredential } from "../../http/route-security.js";
import { setSessionCookie } from "../../http/session-cookie.js";
import { OidcCallbackQuery, OidcStartQuery, SignInOptionsQuery, SignInOptionsSchema } from "../../schemas/single-sign-on.js";

// Signing in through an OpenID Connect provider, the server's (OIDC_ISSUER) or a workspace's own:
// the sign-in page asks which to offer, a browser is sent there and comes back signed in.

export const getSignInOptionsOperation = defineOperation(
  {
    method: "get",
    path: "/auth/sign-in-options",
    operationId: "getSignInOptions",
    tag: "Sessions",
    summary: "Get the sign-in options",
    description: "The single sign-on buttons a sign-in page offers: the server's provider, or the named workspace's own.",
    credential: noCredential(),
    query: SignInOptionsQuery,
    answer: { status: 200, schema: SignInOptionsSchema, description: "The single sign-on on offer (none: email and password only)." },
  },
  async (c) => c.json(await getSignInOptions({ services: c.get("services"), input: c.req.valid("query") }), 200),
);

export const startSingleSignOnOperation = defineOperation(
  {
    method: "get",
    path: "/auth/oidc/start",
    operationId: "startSingleSignOn",
    tag: "Sessions",
    summary: "Start single sign-on",
    description:
      "Sends the browser to the OpenID Connect provider (authorization code flow with PKCE): the workspace's own when it has one, else the server's. 404 when there is none, or no such workspace.",
    credential: noCredential(),
    query: OidcStartQuery,
    answer: { status: 302, description: "To the provider's sign-in page." },
    errors: ["not_found"],
  },
  async (c) => {
    const query = c.req.valid("query");
    const { provider, workspace } = await startSingleSignOn({ services: c.get("services"), input: query });
    const url = await startAuthorization(c, provider, { workspace, redirect: query.redirect ?? "/app" });
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
      "Where the provider sends the browser back. Checks the answer (state, PKCE, the ID token), signs in the account linked to that identity or with that verified email, or signs up an email of an allowed domain as a member (a workspace's own provider opens only accounts of that workspace alone); then sets the session cookie and redirects.",
    credential: noCredential(),
    query: OidcCallbackQuery,
    answer: {
      status: 302,
      description: "Signed in: to the page the sign-in started for. Refused, for a browser (`Accept: text/html`): to `/app/sign-in?sso=refused`.",
    },
    errors: ["not_found", "invalid_credential"],
  },
  async (c) => {
    const services = c.get("services");
    const query = c.req.valid("query");
    let token: string;
    let redirect: string;
    try {
      const flow = takeFlow(c);
      redirect = flow.redirect;
      if (query.error) throw new HeedError("invalid_credential", `The identity provider refused: ${query.error_description ?? query.error}`);
      const provider = await providerOf(services, flow.provider, flow.workspace);
      const identity = await finishAuthorization(c, provider, flow);
      const meta = { userAgent: c.req.header("user-agent") ?? null, ip: c.get("clientAddress") ?? null };
      ({ token } = await finishSingleSignOn({ services, identity, provider, workspace: flow.workspace, meta }));
    } catch (error) {
      // A person's browser goes back to the sign-in page, which explains; a program gets the problem.
      if (error instanceof HeedError && c.req.header("accept")?.includes("text/html")) return c.redirect("/app/sign-in?sso=refused", 302);
      throw error;
    }
    setSessionCookie(c, token);
    return c.redirect(redirect, 302);
  },
);
