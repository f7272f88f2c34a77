import type { z } from "@hono/zod-openapi";
import { nowIso } from "../../platform/lib/clock.js";
import { newId } from "../../platform/lib/ids.js";
import type { TagsTable } from "../../platform/db/schema.js";
import type { CreateTagSchema, UpdateTagSchema } from "./schema.js";
import { toTagView, type TagView } from "./view.js";
import { recordChange } from "../../platform/changes/record.js";
import { inTransaction, type Ctx, type Tx } from "../../platform/context.js";
import { HeedError, notFound } from "../../platform/errors.js";
import { requireScope } from "../../platform/scopes.js";

// Tags belong to the `boards` permission; putting one on a post is a change of the post.

async function findTag(tx: Tx, ctx: Ctx, id: string): Promise<TagsTable | undefined> {
  return tx.selectFrom("tags").selectAll().where("workspace_id", "=", ctx.workspace.id).where("id", "=", id).executeTakeFirst();
}

async function ensureNameFree(tx: Tx, ctx: Ctx, name: string, exceptId?: string): Promise<void> {
  let query = tx.selectFrom("tags").select("id").where("workspace_id", "=", ctx.workspace.id).where("name", "=", name);
  if (exceptId) query = query.where("id", "<>", exceptId);
  if (await query.executeTakeFirst()) {
    throw new HeedError("conflict", `A tag named '${name}' exists already.`, {
      errors: [{ pointer: "/name", code: "taken", detail: "Taken in this workspace." }],
    });
  }
}

export async function createTag({ ctx, input }: { ctx: Ctx; input: z.output<typeof CreateTagSchema> }): Promise<TagView> {
  requireScope(ctx.actor.scopes, "boards:write");
  return inTransaction(ctx, async (tx) => {
    await ensureNameFree(tx, ctx, input.name);
    const at = nowIso();
    const row: TagsTable = {
      id: newId("tag"),
      workspace_id: ctx.workspace.id,
      name: input.name,
      color: input.color ?? "#64748b",
      created_at: at,
      updated_at: at,
    };
    await tx.insertInto("tags").values(row).execute();
    await recordChange(tx, ctx, { action: "tag.created", objectType: "tag", objectId: row.id, audit: { name: row.name } });
    return toTagView(row);
  });
}

export async function updateTag({ ctx, input }: { ctx: Ctx; input: z.output<typeof UpdateTagSchema> & { id: string } }): Promise<TagView> {
  requireScope(ctx.actor.scopes, "boards:write");
  return inTransaction(ctx, async (tx) => {
    const before = await findTag(tx, ctx, input.id);
    if (!before) throw notFound("tag", input.id);
    if (input.name !== undefined) await ensureNameFree(tx, ctx, input.name, before.id);
    const row: TagsTable = { ...before, name: input.name ?? before.name, color: input.color ?? before.color, updated_at: nowIso() };
    await tx.updateTable("tags").set(row).where("id", "=", before.id).execute();
    await recordChange(tx, ctx, { action: "tag.updated", objectType: "tag", objectId: before.id, audit: { from: before.name, to: row.name } });
    return toTagView(row);
  });
}

/** Deleting a tag takes it off every post. */
export async function deleteTag({ ctx, input }: { ctx: Ctx; input: { id: string } }): Promise<void> {
  requireScope(ctx.actor.scopes, "boards:write");
  await inTransaction(ctx, async (tx) => {
    const tag = await findTag(tx, ctx, input.id);
    if (!tag) throw notFound("tag", input.id);
    await tx.deleteFrom("post_tags").where("workspace_id", "=", ctx.workspace.id).where("tag_id", "=", tag.id).execute();
    await tx.deleteFrom("tags").where("id", "=", tag.id).execute();
    await recordChange(tx, ctx, { action: "tag.deleted", objectType: "tag", objectId: tag.id, audit: { name: tag.name } });
  });
}
