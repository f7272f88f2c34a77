import type { Db } from "../../db/database.js";
import { nowMs } from "../../lib/clock.js";
import type { Ctx } from "../context.js";
import { HeedError } from "../errors.js";
import type { PublicWorkspace } from "./public-key.js";
import { readUserToken } from "./user-token.js";

/** The end user an `x-service-user-token` names. */
export interface Viewer {
  id: string;
  externalId: string;
  email: string | null;
  name: string | null;
  avatarUrl: string | null;
}

/**
 * The context of a customer-facing request: a public key opened the workspace, and an end-user token
 * may name the person. Verbs of this side check `requireViewer` / `requirePortalRead` first, as the
 * secret-key verbs check a scope.
 */
export interface CustomerCtx extends Ctx {
  customer: { workspace: PublicWorkspace; viewer: Viewer | null };
}

/** The context of a customer-facing request in `workspace`, acting as `viewer` (or anonymously). */
export function customerContext(services: Ctx["services"], workspace: PublicWorkspace, viewer: Viewer | null, requestId: string | null): CustomerCtx {
  return {
    services,
    workspace: { id: workspace.id, slug: workspace.slug },
    actor: { type: "end_user", id: viewer?.id ?? null, scopes: [] },
    requestId,
    customer: { workspace, viewer },
  };
}

export function isCustomerCtx(ctx: Ctx): ctx is CustomerCtx {
  return "customer" in ctx;
}

/** Writes act as an identified end user. */
export function requireViewer(ctx: CustomerCtx): Viewer {
  if (!ctx.customer.viewer) {
    throw new HeedError("missing_user_token", "Identify the end user with POST /v1/identify and send its token as `x-service-user-token`.");
  }
  return ctx.customer.viewer;
}

/** A private portal shows nothing to anonymous readers. */
export function requirePortalRead(ctx: CustomerCtx): void {
  if (ctx.customer.workspace.portalVisibility === "private" && !ctx.customer.viewer) {
    throw new HeedError("missing_user_token", "This portal is private: identify the end user and send its token as `x-service-user-token`.");
  }
}

/** The live end user a token names, or a 401 (forged, foreign, expired, or the user was deleted). */
export async function viewerFromToken(db: Db, serverSecret: Buffer, workspace: PublicWorkspace, token: string): Promise<Viewer> {
  const userId = readUserToken({ serverSecret, workspaceId: workspace.id, identitySecret: workspace.identitySecret }, token, nowMs());
  const user = await db
    .selectFrom("users")
    .select(["id", "external_id", "email", "name", "avatar_url"])
    .where("workspace_id", "=", workspace.id)
    .where("id", "=", userId)
    .where("deleted_at", "is", null)
    .executeTakeFirst();
  if (!user) throw new HeedError("invalid_user_token", "The end user of this token no longer exists.");
  return { id: user.id, externalId: user.external_id, email: user.email, name: user.name, avatarUrl: user.avatar_url };
}
