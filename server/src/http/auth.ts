import type { Context, MiddlewareHandler } from "hono";
import { isCustomerCtx, viewerFromToken, type CustomerCtx } from "../core/customers/context.js";
import { HeedError } from "../core/errors.js";
import { originMayRead } from "./cors.js";
import type { AppEnv } from "./env.js";
import { callerOf, isCustomerPath } from "./credentials.js";

// Three credentials, never interchangeable (credentials.ts): a route takes the kind its path
// says, and any other kind is a 401 with its reason, never a silent downgrade.

/** Authenticates a dashboard-equivalent route and leaves the verb context on `c.var.ctx`. */
async function authenticateSecret(c: Context<AppEnv>): Promise<void> {
  const caller = await callerOf(c);
  if (caller.kind !== "secret")
    throw caller.kind === "anonymous" ? caller.refusal : new HeedError("wrong_credential_kind", "This route takes a secret API key.");
  c.set("ctx", {
    services: c.get("services"),
    workspace: caller.key.workspace,
    actor: { type: "api_key", id: caller.key.keyId, scopes: caller.key.scopes },
    requestId: c.get("requestId"),
  });
}

/**
 * Authenticates a customer-facing route: the public key opens the workspace, a browser's origin
 * must be one the workspace allows, and `x-service-user-token` (when sent to a route that reads one)
 * names the end user.
 */
async function authenticatePublic(c: Context<AppEnv>, readsUserToken: boolean): Promise<void> {
  const caller = await callerOf(c);
  if (caller.kind !== "public") throw caller.kind === "anonymous" ? caller.refusal : new HeedError("wrong_credential_kind", "This route takes the public key.");
  const { workspace } = caller;
  const origin = c.req.header("origin");
  if (origin !== undefined && !(await originMayRead(c, origin))) {
    throw new HeedError(
      "origin_not_allowed",
      `The origin ${origin.slice(0, 200)} is not among this workspace's allowed origins (PATCH /v1/workspace, allowedOrigins).`,
    );
  }
  const services = c.get("services");
  const token = readsUserToken ? c.req.header("x-service-user-token") : undefined;
  const viewer = token ? await viewerFromToken(services.db, services.userTokenSecret, workspace, token.trim()) : null;
  const ctx: CustomerCtx = {
    services,
    workspace: { id: workspace.id, slug: workspace.slug },
    actor: { type: "end_user", id: viewer?.id ?? null, scopes: [] },
    requestId: c.get("requestId"),
    customer: { workspace, viewer },
  };
  c.set("ctx", ctx);
}

/**
 * The credential check of every /v1 route: the kind its path says. `withoutUserToken` names the
 * customer-facing routes (`METHOD /v1/path`) whose definition takes no end-user token.
 */
export function authenticate(withoutUserToken: ReadonlySet<string>): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (isCustomerPath(c.req.path)) {
      const route = c.req.matchedRoutes.at(-1);
      await authenticatePublic(c, !route || !withoutUserToken.has(`${route.method} ${route.path}`));
    } else {
      await authenticateSecret(c);
    }
    await next();
  };
}

/** The verb context of a customer-facing route (set by authenticatePublic). */
export function customerCtx(c: Context<AppEnv>): CustomerCtx {
  const ctx = c.get("ctx");
  if (!isCustomerCtx(ctx)) throw new Error(`${c.req.path} is not authenticated as a customer-facing route`);
  return ctx;
}
