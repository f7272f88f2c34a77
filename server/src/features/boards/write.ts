import type { z } from "@hono/zod-openapi";
import { nowIso } from "../../platform/lib/clock.js";
import { newId } from "../../platform/lib/ids.js";
import type { BoardsTable } from "../../platform/db/schema.js";
import type { CreateBoardSchema, DeleteBoardQuery, ReorderBoardsSchema, UpdateBoardSchema } from "./schema.js";
import { setOrder } from "../../platform/db/set-order.js";
import { recordChange } from "../../platform/changes/record.js";
import { inTransaction, type Ctx, type Tx } from "../../platform/context.js";
import { HeedError, notFound } from "../../platform/errors.js";
import { requireScope } from "../../platform/scopes.js";
import { findBoard, toBoardView, type BoardView } from "./view.js";

/** The fields of a board a client may change. */
export type BoardInput = z.output<typeof UpdateBoardSchema>;

/** "Feature requests" → "feature-requests": the portal's URL segment when none is given. */
export function slugOf(name: string): string {
  return (
    name
      .normalize("NFKD")
      .replace(/\p{M}/gu, "")
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 48)
      .replace(/-+$/, "") || "board"
  );
}

async function ensureSlugFree(tx: Tx, ctx: Ctx, slug: string, exceptId?: string): Promise<void> {
  let query = tx.selectFrom("boards").select("id").where("workspace_id", "=", ctx.workspace.id).where("slug", "=", slug);
  if (exceptId) query = query.where("id", "<>", exceptId);
  if (await query.executeTakeFirst()) {
    throw new HeedError("conflict", `A board with slug '${slug}' exists already.`, {
      errors: [{ pointer: "/slug", code: "taken", detail: "Taken in this workspace." }],
    });
  }
}

export async function createBoard({ ctx, input }: { ctx: Ctx; input: z.output<typeof CreateBoardSchema> }): Promise<BoardView> {
  requireScope(ctx.actor.scopes, "boards:write");
  return inTransaction(ctx, async (tx) => {
    const slug = input.slug ?? slugOf(input.name);
    await ensureSlugFree(tx, ctx, slug);
    const at = nowIso();
    // Last, after the workspace's boards.
    const last = await tx
      .selectFrom("boards")
      .select((eb) => eb.fn.max("position").as("max"))
      .where("workspace_id", "=", ctx.workspace.id)
      .executeTakeFirst();
    const row: BoardsTable = {
      id: newId("board"),
      workspace_id: ctx.workspace.id,
      slug,
      name: input.name,
      description: input.description ?? "",
      visibility: input.visibility ?? "public",
      position: Number(last?.max ?? -1) + 1,
      created_at: at,
      updated_at: at,
    };
    await tx.insertInto("boards").values(row).execute();
    const board = toBoardView(row);
    await recordChange(tx, ctx, {
      action: "board.created",
      objectType: "board",
      objectId: row.id,
      audit: { name: row.name },
      event: { type: "board.created", data: board },
    });
    return board;
  });
}

/** Sets the boards' order: `ids` must list every board of the workspace exactly once. */
export async function reorderBoards({ ctx, input }: { ctx: Ctx; input: z.output<typeof ReorderBoardsSchema> }): Promise<{ data: BoardView[] }> {
  requireScope(ctx.actor.scopes, "boards:write");
  return inTransaction(ctx, async (tx) => {
    const rows = await tx.selectFrom("boards").selectAll().where("workspace_id", "=", ctx.workspace.id).execute();
    const at = await setOrder(tx, "boards", ctx.workspace.id, input.ids, "board");
    await recordChange(tx, ctx, { action: "board.reordered", objectType: "workspace", objectId: ctx.workspace.id, audit: { ids: input.ids } });
    const byId = new Map(rows.map((r) => [r.id, r]));
    return { data: input.ids.map((id, position) => toBoardView({ ...byId.get(id)!, position, updated_at: at })) };
  });
}

export async function updateBoard({ ctx, input }: { ctx: Ctx; input: BoardInput & { id: string } }): Promise<BoardView> {
  requireScope(ctx.actor.scopes, "boards:write");
  return inTransaction(ctx, async (tx) => {
    const before = await findBoard(tx, ctx, input.id);
    if (!before) throw notFound("board", input.id);
    if (input.slug !== undefined) await ensureSlugFree(tx, ctx, input.slug, before.id);
    const row: BoardsTable = {
      ...before,
      name: input.name ?? before.name,
      slug: input.slug ?? before.slug,
      description: input.description ?? before.description,
      visibility: input.visibility ?? before.visibility,
      updated_at: nowIso(),
    };
    await tx.updateTable("boards").set(row).where("id", "=", before.id).execute();
    const board = toBoardView(row);
    await recordChange(tx, ctx, {
      action: "board.updated",
      objectType: "board",
      objectId: before.id,
      audit: { changed: Object.keys(input).filter((k) => k !== "id") },
      event: { type: "board.updated", data: board },
    });
    return board;
  });
}

/**
 * Deletes a board. While it holds posts (deleted ones included: they can be restored) it is
 * refused with 409, unless `movePostsTo` names another board of the workspace to move them to.
 */
export async function deleteBoard({ ctx, input }: { ctx: Ctx; input: z.output<typeof DeleteBoardQuery> & { id: string } }): Promise<void> {
  requireScope(ctx.actor.scopes, "boards:write");
  await inTransaction(ctx, async (tx) => {
    const board = await findBoard(tx, ctx, input.id);
    if (!board) throw notFound("board", input.id);
    const held = await tx
      .selectFrom("posts")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("workspace_id", "=", ctx.workspace.id)
      .where("board_id", "=", board.id)
      .executeTakeFirstOrThrow();
    const posts = Number(held.n);
    if (posts > 0 && !input.movePostsTo) {
      throw new HeedError("conflict", `The board holds ${posts} posts; move them first or pass movePostsTo.`, { extra: { posts } });
    }
    // A named target is checked even when there is nothing to move: a wrong id is a mistake.
    if (input.movePostsTo) {
      const target = await findBoard(tx, ctx, input.movePostsTo);
      if (!target || target.id === board.id) {
        throw new HeedError("validation_failed", "movePostsTo must name another board of this workspace.", {
          errors: [{ pointer: "/query/movePostsTo", code: "unknown_reference", detail: "No other board with this id in this workspace." }],
        });
      }
    }
    if (posts > 0 && input.movePostsTo) {
      await tx
        .updateTable("posts")
        .set({ board_id: input.movePostsTo, updated_at: nowIso() })
        .where("workspace_id", "=", ctx.workspace.id)
        .where("board_id", "=", board.id)
        .execute();
    }
    await tx.deleteFrom("boards").where("id", "=", board.id).execute();
    await recordChange(tx, ctx, {
      action: "board.deleted",
      objectType: "board",
      objectId: board.id,
      audit: { name: board.name, movedPosts: posts, movePostsTo: input.movePostsTo ?? null },
      event: { type: "board.deleted", data: { id: board.id, slug: board.slug, name: board.name, movedPostsTo: posts > 0 ? input.movePostsTo : null } },
    });
  });
}
