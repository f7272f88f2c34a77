import { reader, type Ctx } from "../../platform/context.js";
import { notFound } from "../../platform/errors.js";
import { requireScope } from "../../platform/scopes.js";
import { findPost, toPostViews, type PostView } from "./view.js";

/** A merged post still answers, with `mergedInto` naming the post that absorbed it; so does a held one. */
export async function getPost({ ctx, input }: { ctx: Ctx; input: { id: string } }): Promise<PostView> {
  requireScope(ctx.actor.scopes, "posts:read");
  const db = reader(ctx);
  const row = await findPost(db, ctx, input.id, { held: true });
  if (!row) throw notFound("post", input.id);
  const [view] = toPostViews(ctx, [row]);
  return view!;
}
