import type { ActorType, AuditAction } from "../audit/vocabulary.js";
import { reader, type Ctx } from "../context.js";
import { notFound } from "../errors.js";
import { afterCursor, BY_ID, toPage, type Page, type PageInput } from "../pagination/page.js";
import { requireScope } from "../scopes.js";
import { findPost } from "./view.js";

export interface ActivityView {
  id: string;
  action: AuditAction;
  actor: { type: ActorType; id: string | null };
  data: Record<string, unknown>;
  createdAt: string;
}

/**
 * A post's history, oldest first. It is read from the audit log (every change of a post writes a
 * row there with the post as its object), so there is nothing to keep in step.
 */
export async function listPostActivity({ ctx, input }: { ctx: Ctx; input: PageInput & { postId: string } }): Promise<Page<ActivityView>> {
  requireScope(ctx.actor.scopes, "posts:read");
  const db = reader(ctx);
  const post = await findPost(db, ctx, input.postId);
  if (!post) throw notFound("post", input.postId);
  const queryKey = `activity:${ctx.workspace.id}:${post.id}`;
  const after = afterCursor(ctx.services.cursorSecret, queryKey, input, BY_ID);
  let query = db
    .selectFrom("audit_log")
    .select(["id", "action", "actor_type", "actor_id", "data", "created_at"])
    .where("workspace_id", "=", ctx.workspace.id)
    .where("object_id", "=", post.id)
    .orderBy("id")
    .limit(input.limit + 1);
  if (after) query = query.where("id", ">", after[0]);
  return toPage(
    await query.execute(),
    input.limit,
    ctx.services.cursorSecret,
    queryKey,
    (r) => [r.id],
    (rows) =>
      rows.map((r) => ({ id: r.id, action: r.action, actor: { type: r.actor_type, id: r.actor_id }, data: JSON.parse(r.data), createdAt: r.created_at })),
  );
}
