import { reader, type Ctx } from "../../platform/context.js";
import { notFound } from "../../platform/errors.js";
import { afterCursor, toPage, type Page, type PageInput } from "../../platform/pagination/page.js";
import { findPost } from "../posts/index.js";
import { requireScope } from "../../platform/scopes.js";
import { selectVoters, toVoterView, type VoterView } from "./view.js";

/** A post's voters, newest vote first, with their company and its monthly spend. */
export async function listVotes({ ctx, input }: { ctx: Ctx; input: PageInput & { postId: string } }): Promise<Page<VoterView>> {
  requireScope(ctx.actor.scopes, "votes:read");
  const db = reader(ctx);
  const post = await findPost(db, ctx, input.postId);
  if (!post) throw notFound("post", input.postId);
  const queryKey = `votes:${ctx.workspace.id}:${post.id}`;
  const after = afterCursor(ctx.services.cursorSecret, queryKey, input, ["string", "string"]);
  let query = selectVoters(db)
    .where("v.workspace_id", "=", ctx.workspace.id)
    .where("v.post_id", "=", post.id)
    .orderBy("v.created_at", "desc")
    .orderBy("v.user_id", "desc")
    .limit(input.limit + 1);
  if (after) query = query.where((eb) => eb(eb.refTuple("v.created_at", "v.user_id"), "<", eb.tuple(...after)));
  return toPage(
    await query.execute(),
    input.limit,
    ctx.services.cursorSecret,
    queryKey,
    (r) => [r.created_at, r.user_id],
    (rs) => rs.map(toVoterView),
  );
}
