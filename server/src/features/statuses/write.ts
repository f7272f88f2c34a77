import type { z } from "@hono/zod-openapi";
import { nowIso } from "../../platform/lib/clock.js";
import { newId } from "../../platform/lib/ids.js";
import type { StatusesTable } from "../../platform/db/schema.js";
import type { CreateStatusSchema, ReorderStatusesSchema, UpdateStatusSchema } from "./schema.js";
import { recordChange } from "../../platform/changes/record.js";
import { inTransaction, lockWorkspace, type Ctx, type Tx } from "../../platform/context.js";
import { HeedError, notFound } from "../../platform/errors.js";
import { requireScope } from "../../platform/scopes.js";
import { setOrder } from "../../platform/db/set-order.js";
import { findStatus, toStatusView, type StatusView } from "./view.js";

// Statuses belong to the `boards` permission. Exactly one status is the default (the one new
// posts get): making another the default moves the flag in the same transaction.

/** The fields of a status a client may change. */
export type StatusInput = z.output<typeof UpdateStatusSchema>;

async function ensureNameFree(tx: Tx, ctx: Ctx, name: string, exceptId?: string): Promise<void> {
  let query = tx.selectFrom("statuses").select("id").where("workspace_id", "=", ctx.workspace.id).where("name", "=", name);
  if (exceptId) query = query.where("id", "<>", exceptId);
  if (await query.executeTakeFirst()) {
    throw new HeedError("conflict", `A status named '${name}' exists already.`, {
      errors: [{ pointer: "/name", code: "taken", detail: "Taken in this workspace." }],
    });
  }
}

async function clearDefault(tx: Tx, ctx: Ctx): Promise<void> {
  await lockWorkspace(tx, ctx);
  await tx.updateTable("statuses").set({ is_default: 0 }).where("workspace_id", "=", ctx.workspace.id).where("is_default", "=", 1).execute();
}

export async function createStatus({ ctx, input }: { ctx: Ctx; input: z.output<typeof CreateStatusSchema> }): Promise<StatusView> {
  requireScope(ctx.actor.scopes, "boards:write");
  return inTransaction(ctx, async (tx) => {
    await ensureNameFree(tx, ctx, input.name);
    const last = await tx
      .selectFrom("statuses")
      .select((eb) => eb.fn.max("position").as("max"))
      .where("workspace_id", "=", ctx.workspace.id)
      .executeTakeFirst();
    if (input.isDefault) await clearDefault(tx, ctx);
    const at = nowIso();
    const row: StatusesTable = {
      id: newId("status"),
      workspace_id: ctx.workspace.id,
      name: input.name,
      category: input.category,
      color: input.color ?? "#64748b",
      position: Number(last?.max ?? -1) + 1,
      is_default: input.isDefault ? 1 : 0,
      // Shown on the roadmap unless said otherwise, or closed (won't do, merged: not a plan).
      on_roadmap: (input.onRoadmap ?? input.category !== "closed") ? 1 : 0,
      translations: JSON.stringify(input.translations ?? {}),
      created_at: at,
      updated_at: at,
    };
    await tx.insertInto("statuses").values(row).execute();
    await recordChange(tx, ctx, { action: "status.created", objectType: "status", objectId: row.id, audit: { name: row.name, category: row.category } });
    return toStatusView(row);
  });
}

export async function updateStatus({ ctx, input }: { ctx: Ctx; input: StatusInput & { id: string } }): Promise<StatusView> {
  requireScope(ctx.actor.scopes, "boards:write");
  return inTransaction(ctx, async (tx) => {
    const before = await findStatus(tx, ctx, input.id);
    if (!before) throw notFound("status", input.id);
    if (input.name !== undefined) await ensureNameFree(tx, ctx, input.name, before.id);
    if (input.isDefault === false && before.is_default === 1) {
      throw new HeedError("conflict", "A workspace always has a default status: make another status the default instead.");
    }
    if (input.isDefault && before.is_default === 0) await clearDefault(tx, ctx);
    const row: StatusesTable = {
      ...before,
      name: input.name ?? before.name,
      category: input.category ?? before.category,
      color: input.color ?? before.color,
      is_default: input.isDefault ? 1 : before.is_default,
      on_roadmap: input.onRoadmap === undefined ? before.on_roadmap : input.onRoadmap ? 1 : 0,
      translations: input.translations === undefined ? before.translations : JSON.stringify(input.translations),
      updated_at: nowIso(),
    };
    await tx.updateTable("statuses").set(row).where("id", "=", before.id).execute();
    await recordChange(tx, ctx, {
      action: "status.updated",
      objectType: "status",
      objectId: before.id,
      audit: { changed: Object.keys(input).filter((k) => k !== "id") },
    });
    return toStatusView(row);
  });
}

/** Sets the roadmap order: `ids` must list every status of the workspace exactly once. */
export async function reorderStatuses({ ctx, input }: { ctx: Ctx; input: z.output<typeof ReorderStatusesSchema> }): Promise<{ data: StatusView[] }> {
  requireScope(ctx.actor.scopes, "boards:write");
  return inTransaction(ctx, async (tx) => {
    const rows = await tx.selectFrom("statuses").selectAll().where("workspace_id", "=", ctx.workspace.id).execute();
    const at = await setOrder(tx, "statuses", ctx.workspace.id, input.ids, "status");
    await recordChange(tx, ctx, { action: "status.reordered", objectType: "workspace", objectId: ctx.workspace.id, audit: { ids: input.ids } });
    const byId = new Map(rows.map((r) => [r.id, r]));
    return { data: input.ids.map((id, position) => toStatusView({ ...byId.get(id)!, position, updated_at: at })) };
  });
}

/** Refused (409) while any post, deleted ones included, has the status, and for the default status. */
export async function deleteStatus({ ctx, input }: { ctx: Ctx; input: { id: string } }): Promise<void> {
  requireScope(ctx.actor.scopes, "boards:write");
  await inTransaction(ctx, async (tx) => {
    const status = await findStatus(tx, ctx, input.id);
    if (!status) throw notFound("status", input.id);
    if (status.is_default === 1) throw new HeedError("conflict", "The default status cannot be deleted: make another status the default first.");
    const used = await tx
      .selectFrom("posts")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("workspace_id", "=", ctx.workspace.id)
      .where("status_id", "=", status.id)
      .executeTakeFirstOrThrow();
    if (Number(used.n) > 0) {
      throw new HeedError("conflict", `${used.n} posts have this status; move them to another status first.`, { extra: { posts: Number(used.n) } });
    }
    await tx.deleteFrom("statuses").where("id", "=", status.id).execute();
    await recordChange(tx, ctx, { action: "status.deleted", objectType: "status", objectId: status.id, audit: { name: status.name } });
  });
}
