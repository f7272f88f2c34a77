import type { z } from "@hono/zod-openapi";
import { recordChange } from "../../platform/changes/record.js";
import { inTransaction, reader, type Ctx } from "../../platform/context.js";
import { HeedError } from "../../platform/errors.js";
import { requireScope } from "../../platform/scopes.js";
import { SavedViewFiltersSchema, type SavedViewSchema } from "./schema.js";
import { checkFilterReferences } from "../posts/index.js";

// Saved views: a member's named sets of inbox filters ("Enterprise asks", "Billing, unanswered"),
// theirs alone, in their order. They only serve reading posts, so `posts:read` is all they need.
// The list is written whole (as a settings page saves), which leaves no id to aim at another
// member's view: the caller's own list is the only one a request can read or replace.

export type SavedView = z.output<typeof SavedViewSchema>;

function ownerOf(ctx: Ctx): string {
  if (!ctx.actor.id) throw new HeedError("missing_scope", "Saved views belong to a member or an API key.");
  return ctx.actor.id;
}

export async function listSavedViews({ ctx }: { ctx: Ctx; input?: unknown }): Promise<{ data: SavedView[] }> {
  requireScope(ctx.actor.scopes, "posts:read");
  const rows = await reader(ctx)
    .selectFrom("saved_views")
    .select(["name", "filters"])
    .where("workspace_id", "=", ctx.workspace.id)
    .where("owner_id", "=", ownerOf(ctx))
    .orderBy("position")
    .execute();
  // A filter a later version no longer knows is dropped rather than failing the whole list.
  return { data: rows.map((r) => ({ name: r.name, filters: SavedViewFiltersSchema.catch({}).parse(JSON.parse(r.filters)) })) };
}

export async function replaceSavedViews({ ctx, input }: { ctx: Ctx; input: { data: SavedView[] } }): Promise<{ data: SavedView[] }> {
  requireScope(ctx.actor.scopes, "posts:read");
  const owner = ownerOf(ctx);
  await inTransaction(ctx, async (tx) => {
    const stored = await tx.selectFrom("saved_views").select("filters").where("workspace_id", "=", ctx.workspace.id).where("owner_id", "=", owner).execute();
    const kept = new Set(stored.flatMap((row) => Object.values(JSON.parse(row.filters) as Record<string, unknown>).filter((v) => typeof v === "string")));
    for (const [i, view] of input.data.entries()) await checkFilterReferences(tx, ctx, view.filters, `/data/${i}/filters`, kept);
    await tx.deleteFrom("saved_views").where("workspace_id", "=", ctx.workspace.id).where("owner_id", "=", owner).execute();
    if (input.data.length > 0) {
      await tx
        .insertInto("saved_views")
        .values(
          input.data.map((view, position) => ({
            workspace_id: ctx.workspace.id,
            owner_id: owner,
            position,
            name: view.name,
            filters: JSON.stringify(view.filters),
          })),
        )
        .execute();
    }
    await recordChange(tx, ctx, {
      action: "saved_views.replaced",
      objectType: "saved_views",
      objectId: owner,
      audit: { names: input.data.map((v) => v.name) },
    });
  });
  return { data: input.data };
}
