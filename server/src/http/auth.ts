import type { Context, MiddlewareHandler } from "hono";
import { customerContext, isCustomerCtx, viewerFromToken, type CustomerCtx } from "./credentials/customer-context.js";
import { HeedError } from "../platform/errors.js";
import { requireScope } from "../platform/scopes.js";
import type { Scope } from "../../../packages/shared/src/scopes.js";
import type { AccountCtx } from "./credentials/account-context.js";
import { originMayRead } from "./cors.js";
import { callerOf } from "./credentials/index.js";
import type { AppEnv } from "./env.js";
import type { RouteCredential } from "./route-security.js";
import { isForeignOrigin } from "./credentials/browser-origin.js";
import { checkCsrf, sessionMember } from "./credentials/team-session.js";

// Each route authenticates with the credential it declares (define-operation.ts), before its input is
// validated, so refusals come in a fixed order: 401 (credential), 403 (CSRF, membership, scope),
// then 400. Three credentials, never interchangeable: any other kind is a 401 with its reason.

/**
 * A team route: a secret key holding the route's scope, or a dashboard session whose member's role
 * grants it (after the CSRF check of a write). Leaves the verb context on `c.var.ctx`.
 */
async function authenticateSecret(c: Context<AppEnv>, scope: Scope): Promise<void> {
  const caller = await callerOf(c, "secret");
  if (caller.kind === "session") {
    const member = await sessionMember(c, caller.session);
    checkCsrf(c, caller.session);
    requireScope(member.scopes, scope);
    c.set("ctx", {
      services: c.get("services"),
      workspace: member.workspace,
      actor: { type: "member", id: member.memberId, scopes: member.scopes, role: member.role },
      requestId: c.get("requestId"),
    });
    return;
  }
  if (caller.kind !== "secret")
    throw caller.kind === "anonymous" ? caller.refusal : new HeedError("wrong_credential_kind", "This route takes a secret API key.");
  requireScope(caller.key.scopes, scope);
  c.set("version", caller.key.version);
  c.set("ctx", {
    services: c.get("services"),
    workspace: caller.key.workspace,
    actor: { type: "api_key", id: caller.key.keyId, scopes: caller.key.scopes },
    requestId: c.get("requestId"),
  });
}

/**
 * A customer-facing route: the public key opens the workspace, a browser's origin must be one the
 * workspace allows, and `x-service-user-token` (when sent to a route that reads one) names the end
 * user. A route that takes no token ignores a stale one, so it cannot refuse the very call
 * (identify) that renews it.
 */
async function authenticatePublic(c: Context<AppEnv>, readsUserToken: boolean): Promise<void> {
  const caller = await callerOf(c, "public");
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
  const viewer = token ? await viewerFromToken(services, workspace, token.trim()) : null;
  c.set("version", workspace.version);
  c.set("ctx", customerContext(services, workspace, viewer, c.get("requestId")));
}

/** A route about the signed-in person's own account: the session cookie only, CSRF-checked on writes. */
async function authenticateAccount(c: Context<AppEnv>, asMember: boolean): Promise<void> {
  const caller = await callerOf(c, "secret");
  if (caller.kind === "anonymous") {
    throw caller.refusal.code === "missing_credential"
      ? new HeedError("missing_credential", "Sign in first: this route takes the dashboard session.")
      : caller.refusal;
  }
  if (caller.kind !== "session") throw new HeedError("wrong_credential_kind", "This route takes the dashboard session, not an API key.");
  checkCsrf(c, caller.session);
  c.set("account", { services: c.get("services"), session: caller.session, requestId: c.get("requestId") });
  if (asMember) {
    const member = await sessionMember(c, caller.session);
    c.set("ctx", {
      services: c.get("services"),
      workspace: member.workspace,
      actor: { type: "member", id: member.memberId, scopes: member.scopes, role: member.role },
      requestId: c.get("requestId"),
    });
  }
}

/**
 * A route open to anyone (signing in, accepting an invite). A browser's request must still come
 * from Heed's own pages, so another site cannot sign a visitor into an account of its choosing.
 */
function checkOpenRoute(c: Context<AppEnv>): void {
  if (isForeignOrigin(c)) {
    throw new HeedError("csrf_failed", "Signing in is only possible from this server's own pages (Origin).");
  }
}

/** The authentication of one route, built once from the credential it declares. */
export function authenticateRoute(credential: RouteCredential): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (credential.kind === "secret") await authenticateSecret(c, credential.scope);
    else if (credential.kind === "public") await authenticatePublic(c, credential.userToken !== "none");
    else if (credential.kind === "session") await authenticateAccount(c, credential.member === true);
    else checkOpenRoute(c);
    await next();
  };
}

/** The account context of a session route (set by authenticateAccount). */
export function accountCtx(c: Context<AppEnv>): AccountCtx {
  const ctx = c.get("account");
  if (!ctx) throw new Error(`${c.req.path} is not authenticated as a session route`);
  return ctx;
}

/** The verb context of a customer-facing route (set by authenticatePublic). */
export function customerCtx(c: Context<AppEnv>): CustomerCtx {
  const ctx = c.get("ctx");
  if (!isCustomerCtx(ctx)) throw new Error(`${c.req.path} is not authenticated as a customer-facing route`);
  return ctx;
}
