import type { z } from "@hono/zod-openapi";
import type { WorkspaceSingleSignOnTable } from "../../platform/db/schema.js";
import type { Db } from "../../platform/db/database.js";
import { nowIso } from "../../platform/lib/clock.js";
import type { PutWorkspaceSingleSignOnSchema, WorkspaceSingleSignOnSchema } from "../accounts/index.js";
import type { OidcSettings } from "../../platform/context.js";
import { recordChange } from "../../platform/changes/record.js";
import { type Ctx, inTransaction, reader, type Tx } from "../../platform/context.js";
import { HeedError } from "../../platform/errors.js";
import { requireOwner } from "../members/index.js";
import { requireScope } from "../../platform/scopes.js";
import { checkOutboundUrl } from "../webhooks/index.js";

// A workspace's own OpenID Connect provider, set by its owners alone (whoever controls it could
// make it vouch for anyone). Its people sign in through it once they linked it while signed in,
// and, for the allowed email domains, sign up as members. What such a provider may prove is
// limited to its own workspace and to accounts that chose it (accounts/single-sign-on.ts).

export type WorkspaceSingleSignOnView = z.output<typeof WorkspaceSingleSignOnSchema>;
export type WorkspaceSingleSignOnInput = z.output<typeof PutWorkspaceSingleSignOnSchema>;

function toView(row: WorkspaceSingleSignOnTable, publicUrl: string): WorkspaceSingleSignOnView {
  return {
    issuer: row.issuer,
    clientId: row.client_id,
    allowedDomains: JSON.parse(row.allowed_domains) as string[],
    label: row.label,
    callbackUrl: `${publicUrl}/v1/auth/oidc/callback`,
    updatedAt: row.updated_at,
  };
}

const none = () => new HeedError("not_found", "This workspace has no single sign-on of its own.");

export async function getWorkspaceSingleSignOn({ ctx }: { ctx: Ctx }): Promise<WorkspaceSingleSignOnView> {
  requireScope(ctx.actor.scopes, "workspace:read");
  const row = await reader(ctx).selectFrom("workspace_single_sign_on").selectAll().where("workspace_id", "=", ctx.workspace.id).executeTakeFirst();
  if (!row) throw none();
  return toView(row, ctx.services.publicUrl);
}

/** Sets (or replaces) the provider. The next sign-in discovers it afresh. */
export async function putWorkspaceSingleSignOn({ ctx, input }: { ctx: Ctx; input: WorkspaceSingleSignOnInput }): Promise<WorkspaceSingleSignOnView> {
  requireScope(ctx.actor.scopes, "workspace:write");
  requireOwner(ctx.actor, "set or change the workspace's single sign-on");
  // Heed will fetch this issuer's documents: never an address inside its own network. The issuer
  // is kept as typed, since the provider's metadata must name exactly the same string.
  checkOutboundUrl(input.issuer, ctx.services.webhooksAllowPrivate ?? false, { what: "The issuer", pointer: "/issuer" });
  return inTransaction(ctx, async (tx) => {
    const at = nowIso();
    const before = await tx.selectFrom("workspace_single_sign_on").select("created_at").where("workspace_id", "=", ctx.workspace.id).executeTakeFirst();
    const row: WorkspaceSingleSignOnTable = {
      workspace_id: ctx.workspace.id,
      issuer: input.issuer,
      client_id: input.clientId,
      client_secret: input.clientSecret,
      allowed_domains: JSON.stringify([...new Set(input.allowedDomains)]),
      label: input.label,
      created_at: before?.created_at ?? at,
      updated_at: at,
    };
    if (before) await tx.updateTable("workspace_single_sign_on").set(row).where("workspace_id", "=", ctx.workspace.id).execute();
    else await tx.insertInto("workspace_single_sign_on").values(row).execute();
    const { clientSecret: _secret, ...audit } = input;
    await recordChange(tx, ctx, { action: "workspace.single_sign_on_set", objectType: "workspace", objectId: ctx.workspace.id, audit });
    return toView(row, ctx.services.publicUrl);
  });
}

export async function deleteWorkspaceSingleSignOn({ ctx }: { ctx: Ctx }): Promise<void> {
  requireScope(ctx.actor.scopes, "workspace:write");
  requireOwner(ctx.actor, "remove the workspace's single sign-on");
  await inTransaction(ctx, async (tx) => {
    const removed = await tx.deleteFrom("workspace_single_sign_on").where("workspace_id", "=", ctx.workspace.id).executeTakeFirst();
    if (removed.numDeletedRows === 0n) throw none();
    await recordChange(tx, ctx, { action: "workspace.single_sign_on_removed", objectType: "workspace", objectId: ctx.workspace.id });
  });
}

/** The workspace's provider as the sign-in flow uses it, or null. */
export async function workspaceProvider(db: Db | Tx, workspaceId: string): Promise<OidcSettings | null> {
  const row = await db.selectFrom("workspace_single_sign_on").selectAll().where("workspace_id", "=", workspaceId).executeTakeFirst();
  if (!row) return null;
  return {
    issuer: row.issuer,
    clientId: row.client_id,
    clientSecret: row.client_secret,
    allowedDomains: JSON.parse(row.allowed_domains) as string[],
    label: row.label,
    signUpWorkspace: null,
  };
}
