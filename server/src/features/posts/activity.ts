import type { z } from "@hono/zod-openapi";
import type { PostActivitySchema } from "./schema.js";
import { reader, type Ctx } from "../../platform/context.js";
import { notFound } from "../../platform/errors.js";
import { byId, keysetPage } from "../../platform/pagination/keyset.js";
import type { Page, PageInput } from "../../platform/pagination/page.js";
import { requireScope } from "../../platform/scopes.js";
import { findPost } from "./view.js";
import { actorNames } from "../audit-log/index.js";

/** One change of a post as the API shows it. */
export type ActivityView = z.output<typeof PostActivitySchema>;

/**
 * A post's history, oldest first. It is read from the audit log (every change of a post writes a
 * row there with the post as its object), so there is nothing to keep in step.
 */
export async function listPostActivity({ ctx, input }: { ctx: Ctx; input: PageInput & { postId: string } }): Promise<Page<ActivityView>> {
  requireScope(ctx.actor.scopes, "posts:read");
  const db = reader(ctx);
  const post = await findPost(db, ctx, input.postId, { held: true });
  if (!post) throw notFound("post", input.postId);
  const page = await keysetPage(ctx, {
    key: `activity:${ctx.workspace.id}:${post.id}`,
    input,
    query: db
      .selectFrom("audit_log")
      .select(["id", "action", "actor_type", "actor_id", "data", "created_at"])
      .where("workspace_id", "=", ctx.workspace.id)
      .where("object_id", "=", post.id),
    order: byId("asc"),
    shape: (rows) =>
      rows.map((r) => ({ id: r.id, action: r.action, actor: { type: r.actor_type, id: r.actor_id }, data: JSON.parse(r.data), createdAt: r.created_at })),
  });
  const nameOf = await actorNames(
    db,
    ctx.workspace.id,
    page.data.map((a) => a.actor),
  );
  return { ...page, data: page.data.map((a) => ({ ...a, actor: { ...a.actor, name: nameOf(a.actor) } })) };
}
