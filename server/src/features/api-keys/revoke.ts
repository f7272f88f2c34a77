import { nowIso } from "../../platform/lib/clock.js";
import { recordChange } from "../../platform/changes/record.js";
import { inTransaction, type Ctx } from "../../platform/context.js";
import { notFound } from "../../platform/errors.js";
import { requireScope } from "../../platform/scopes.js";
import { toApiKeyView, type ApiKeyView } from "./view.js";

/** Revokes at once: the next request with the key gets 401. Revoking twice is harmless. */
export async function revokeApiKey({ ctx, input }: { ctx: Ctx; input: { id: string } }): Promise<ApiKeyView> {
  requireScope(ctx.actor.scopes, "api_keys:write");
  return inTransaction(ctx, async (tx) => {
    const row = await tx.selectFrom("api_keys").selectAll().where("workspace_id", "=", ctx.workspace.id).where("id", "=", input.id).executeTakeFirst();
    if (!row) throw notFound("API key", input.id);
    if (row.revoked_at) return toApiKeyView(row);
    const revokedAt = nowIso();
    await tx.updateTable("api_keys").set({ revoked_at: revokedAt }).where("id", "=", row.id).execute();
    await recordChange(tx, ctx, { action: "api_key.revoked", objectType: "api_key", objectId: row.id, audit: { name: row.name } });
    return toApiKeyView({ ...row, revoked_at: revokedAt });
  });
}
