import type { z } from "@hono/zod-openapi";
import type { UpdateApiKeySchema } from "./schema.js";
import { recordChange } from "../../platform/changes/record.js";
import { inTransaction, type Ctx } from "../../platform/context.js";
import { notFound } from "../../platform/errors.js";
import { requireScope } from "../../platform/scopes.js";
import { toApiKeyView, type ApiKeyView } from "./view.js";

/** Renames a key or sets its own rate limit (null: follow the workspace's). Scopes never change. */
export async function updateApiKey({ ctx, input }: { ctx: Ctx; input: z.output<typeof UpdateApiKeySchema> & { id: string } }): Promise<ApiKeyView> {
  requireScope(ctx.actor.scopes, "api_keys:write");
  return inTransaction(ctx, async (tx) => {
    const row = await tx.selectFrom("api_keys").selectAll().where("workspace_id", "=", ctx.workspace.id).where("id", "=", input.id).executeTakeFirst();
    if (!row) throw notFound("API key", input.id);
    const next = {
      ...row,
      name: input.name ?? row.name,
      rate_limit_per_minute: input.rateLimitPerMinute === undefined ? row.rate_limit_per_minute : input.rateLimitPerMinute,
    };
    await tx.updateTable("api_keys").set({ name: next.name, rate_limit_per_minute: next.rate_limit_per_minute }).where("id", "=", row.id).execute();
    await recordChange(tx, ctx, {
      action: "api_key.updated",
      objectType: "api_key",
      objectId: row.id,
      audit: { name: next.name, rateLimitPerMinute: next.rate_limit_per_minute },
    });
    return toApiKeyView(next);
  });
}
