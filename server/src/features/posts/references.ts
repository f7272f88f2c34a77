import type { Ctx, Tx } from "../../platform/context.js";
import { HeedError, invalidReference } from "../../platform/errors.js";

// A post's body may name a board, status, tags, author and owner. Each must exist in the caller's
// workspace; an id from another workspace is answered exactly like an unknown one.

export async function checkBoard(tx: Tx, ctx: Ctx, boardId: string, pointer = "/boardId"): Promise<void> {
  const row = await tx.selectFrom("boards").select("id").where("workspace_id", "=", ctx.workspace.id).where("id", "=", boardId).executeTakeFirst();
  if (!row) throw invalidReference(pointer, "board", boardId);
}

/** The named status, or the workspace's default status for new posts. */
export async function resolveStatus(tx: Tx, ctx: Ctx, statusId: string | undefined, pointer = "/statusId"): Promise<string> {
  let query = tx.selectFrom("statuses").select("id").where("workspace_id", "=", ctx.workspace.id);
  query = statusId ? query.where("id", "=", statusId) : query.orderBy("is_default", "desc").orderBy("position").limit(1);
  const row = await query.executeTakeFirst();
  if (!row) throw invalidReference(pointer, "status", statusId ?? "(default)");
  return row.id;
}

export async function checkTags(tx: Tx, ctx: Ctx, tagIds: string[], pointer = "/tagIds"): Promise<void> {
  if (tagIds.length === 0) return;
  const rows = await tx.selectFrom("tags").select("id").where("workspace_id", "=", ctx.workspace.id).where("id", "in", tagIds).execute();
  const found = new Set(rows.map((r) => r.id));
  const missing = tagIds.find((id) => !found.has(id));
  if (missing) throw invalidReference(pointer === "/tagIds" ? `/tagIds/${tagIds.indexOf(missing)}` : pointer, "tag", missing);
}

/** An author is an end user (`usr_…`) or a member (`mem_…`). */
/**
 * The author a post or comment is written as: an end user or a member of this workspace. A member
 * signed in to the dashboard writes as themselves or for an end user, never as a teammate (whose
 * name the portal would show to customers); an API key, an integration, may name any member.
 */
export async function checkAuthor(tx: Tx, ctx: Ctx, authorId: string): Promise<void> {
  if (ctx.actor.type === "member" && authorId.startsWith("mem_") && authorId !== ctx.actor.id) {
    const detail = "Signed in, a member writes as themselves: leave authorId out, or name an end user.";
    throw new HeedError("validation_failed", detail, { errors: [{ pointer: "/authorId", code: "invalid", detail }] });
  }
  const table = authorId.startsWith("mem_") ? "members" : "users";
  const row = await tx.selectFrom(table).select("id").where("workspace_id", "=", ctx.workspace.id).where("id", "=", authorId).executeTakeFirst();
  if (!row) throw invalidReference("/authorId", "end user or member", authorId);
}

export async function checkOwner(tx: Tx, ctx: Ctx, ownerId: string, pointer = "/ownerId"): Promise<void> {
  const row = await tx.selectFrom("members").select("id").where("workspace_id", "=", ctx.workspace.id).where("id", "=", ownerId).executeTakeFirst();
  if (!row) throw invalidReference(pointer, "member", ownerId);
}
