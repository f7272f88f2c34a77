import { nowIso } from "../../lib/clock.js";
import type { WorkspacesTable } from "../../db/schema.js";
import { recordChange } from "../changes.js";
import { inTransaction, reader, type Ctx } from "../context.js";
import { requireScope } from "../scopes.js";

export interface WorkspaceView {
  id: string;
  slug: string;
  name: string;
  /** The key customer-facing code sends as `x-service-public-key`. */
  publicKey: string;
  portalVisibility: "public" | "private";
  identityVerification: boolean;
  /** Requests per minute per credential; null for the server's default. */
  rateLimitPerMinute: number | null;
  createdAt: string;
  updatedAt: string;
}

export interface WorkspaceSettingsInput {
  name?: string;
  portalVisibility?: "public" | "private";
  identityVerification?: boolean;
  rateLimitPerMinute?: number | null;
}

function toWorkspaceView(row: WorkspacesTable): WorkspaceView {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    publicKey: row.public_key,
    portalVisibility: row.portal_visibility,
    identityVerification: row.identity_verification === 1,
    rateLimitPerMinute: row.rate_limit_per_minute,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export async function getWorkspace({ ctx }: { ctx: Ctx }): Promise<WorkspaceView> {
  requireScope(ctx.actor.scopes, "workspace:read");
  return toWorkspaceView(await reader(ctx).selectFrom("workspaces").selectAll().where("id", "=", ctx.workspace.id).executeTakeFirstOrThrow());
}

export async function updateWorkspace({ ctx, input }: { ctx: Ctx; input: WorkspaceSettingsInput }): Promise<WorkspaceView> {
  requireScope(ctx.actor.scopes, "workspace:write");
  return inTransaction(ctx, async (tx) => {
    const before = await tx.selectFrom("workspaces").selectAll().where("id", "=", ctx.workspace.id).executeTakeFirstOrThrow();
    const row: WorkspacesTable = {
      ...before,
      name: input.name ?? before.name,
      portal_visibility: input.portalVisibility ?? before.portal_visibility,
      identity_verification: input.identityVerification === undefined ? before.identity_verification : input.identityVerification ? 1 : 0,
      rate_limit_per_minute: input.rateLimitPerMinute === undefined ? before.rate_limit_per_minute : input.rateLimitPerMinute,
      updated_at: nowIso(),
    };
    await tx.updateTable("workspaces").set(row).where("id", "=", before.id).execute();
    await recordChange(tx, ctx, { action: "workspace.updated", objectType: "workspace", objectId: before.id, audit: { ...input } });
    return toWorkspaceView(row);
  });
}
