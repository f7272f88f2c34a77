import type { Context } from "hono";
import { z } from "@hono/zod-openapi";
import { listIdentities } from "../identity-links.js";
import { finishIdentityLink, finishSingleSignOn, getSignInOptions, providerOf, startIdentityLink, startSingleSignOn } from "../single-sign-on.js";
import { HeedError } from "../../../platform/errors.js";
import { authenticateSession } from "../../../http/credentials/team-sessions.js";
import { accountCtx } from "../../../http/auth.js";
import { defineOperation } from "../../../http/define-operation.js";
import type { AppEnv } from "../../../http/env.js";
import { finishAuthorization, startAuthorization, takeFlow } from "../oidc-client.js";
import { countAccountAttempt } from "../sign-in-limits.js";
import { IdentityEmailMismatch } from "../identity-links.js";
import { noCredential, session } from "../../../http/route-security.js";
import { requestMeta, sessionToken, setSessionCookie } from "../../../http/credentials/session-cookie.js";
import {
  IdentityLinkStartSchema,
  LinkedIdentitySchema,
  OidcCallbackQuery,
  OidcStartQuery,
  SignInOptionsQuery,
  SignInOptionsSchema,
  StartIdentityLinkSchema,
} from "../single-sign-on-schema.js";

/** A person's browser (rather than a program) gets pages that explain instead of problem bodies. */
const wantsPage = (c: Context<AppEnv>) => c.req.header("accept")?.includes("text/html") === true;

/** Back on the sign-in page, the dashboard page the sign-in was for stays its `next`. */
const nextOf = (redirect: string | undefined) => (redirect && redirect !== "/app" ? `&next=${encodeURIComponent(redirect.slice("/app".length))}` : "");

/** The live session the browser holds, if any. */
async function sessionOf(c: Context<AppEnv>) {
  const token = sessionToken(c);
  return token ? authenticateSession(c.get("services").db, token).catch(() => null) : null;
}

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
  { verb: getSignInOptions },
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
    let url: string;
    try {
      url = await startAuthorization(c, provider, { workspace, redirect: query.redirect ?? "/app", link: null });
    } catch (error) {
      // A person's browser goes back to the sign-in page, which says single sign-on is unavailable.
      if (error instanceof HeedError && error.code === "provider_unavailable" && wantsPage(c))
        return c.redirect(
          `/app/sign-in?sso=unavailable${query.workspace ? `&workspace=${encodeURIComponent(query.workspace)}` : ""}${nextOf(query.redirect)}`,
          302,
        );
      throw error;
    }
    return c.redirect(url, 302);
  },
);

export const startIdentityLinkOperation = defineOperation(
  {
    method: "post",
    path: "/auth/oidc/link",
    operationId: "startIdentityLink",
    tag: "Sessions",
    summary: "Link single sign-on to my account",
    description:
      "Starts linking the current workspace's own OpenID Connect provider (else the server's) to the signed-in account: open `url` in the browser within 10 minutes; the provider sends it back to `/v1/auth/oidc/callback`, which links the identity if the provider vouches, verified, for the account's own email, and returns to `redirect`. The provider's sign-in then counts as a second factor, so this needs the account's full proof: the password (an account without one: a sign-in through its provider in the last 10 minutes) and, when two-factor sign-in is on, a current `code` (401 without them); and a session that passed a second factor when the account has two-factor sign-in or one of its workspaces requires it (403 `two_factor_session_required`). A workspace's provider signs in only accounts that linked it this way or joined through it. The account is mailed, and each of its workspaces gets an audit row. Counts as a sign-in attempt.",
    credential: session(),
    body: StartIdentityLinkSchema,
    answer: { status: 200, schema: IdentityLinkStartSchema, description: "Where to send the browser." },
    errors: ["invalid_credential", "two_factor_required", "two_factor_session_required", "not_found", "provider_unavailable"],
  },
  async (c) => {
    const account = accountCtx(c);
    const input = c.req.valid("json");
    await countAccountAttempt(c, account.session.accountId);
    const { provider, workspace } = await startIdentityLink({ services: account.services, session: account.session, input });
    const url = await startAuthorization(c, provider, { workspace, redirect: input.redirect ?? "/app/settings/sessions", link: account.session.accountId });
    return c.json({ url, provider: provider.settings.label }, 200);
  },
);

export const listIdentitiesOperation = defineOperation(
  {
    method: "get",
    path: "/auth/identities",
    operationId: "listIdentities",
    tag: "Sessions",
    summary: "List my linked single sign-on identities",
    description: "The OpenID Connect identities that sign this account in, oldest first.",
    credential: session(),
    answer: { status: 200, schema: z.object({ data: z.array(LinkedIdentitySchema) }).openapi("LinkedIdentityList"), description: "The identities." },
  },
  { verb: listIdentities },
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
    let redirect = "/app";
    let linking = false;
    let workspaceSlug: string | undefined;
    try {
      const flow = takeFlow(c);
      redirect = flow.redirect;
      linking = flow.link !== null;
      workspaceSlug = flow.workspace?.slug;
      if (query.error) throw new HeedError("invalid_credential", `The identity provider refused: ${query.error_description ?? query.error}`);
      const provider = await providerOf(services, flow.provider, flow.workspace);
      if (flow.link) {
        // Linking: the browser must still hold a session of the account that started it.
        const signedIn = await sessionOf(c);
        if (signedIn?.accountId !== flow.link) throw new HeedError("invalid_credential", "Sign in again, then link single sign-on again.");
        const identity = await finishAuthorization(c, provider, flow);
        await finishIdentityLink({ services, identity, provider, workspace: flow.workspace, accountId: flow.link });
        return c.redirect(redirect, 302);
      }
      const identity = await finishAuthorization(c, provider, flow);
      ({ token } = await finishSingleSignOn({ services, identity, provider, workspace: flow.workspace, meta: requestMeta(c) }));
    } catch (error) {
      // A person's browser goes back to the page it came from, which explains; a program gets the problem.
      if (error instanceof HeedError && wantsPage(c)) {
        const why = error.code === "provider_unavailable" ? "unavailable" : error instanceof IdentityEmailMismatch ? "email" : "refused";
        // Back on the sign-in page, the workspace's own provider stays the one on offer.
        const named = workspaceSlug ? `&workspace=${encodeURIComponent(workspaceSlug)}` : "";
        return c.redirect(linking ? `/app/settings/sessions?sso=${why}` : `/app/sign-in?sso=${why}${named}${nextOf(redirect)}`, 302);
      }
      throw error;
    }
    setSessionCookie(c, token);
    return c.redirect(redirect, 302);
  },
);
