import { reader, type Ctx } from "../../platform/context.js";
import { notFound } from "../../platform/errors.js";
import { keysetPage } from "../../platform/pagination/keyset.js";
import type { Page, PageInput } from "../../platform/pagination/page.js";
import { findPost } from "../posts/index.js";
import { requireScope } from "../../platform/scopes.js";
import { selectVoters, toVoterView, type VoterView } from "./view.js";

/** A post's voters, newest vote first, with their company and its monthly spend. */
export async function listVotes({ ctx, input }: { ctx: Ctx; input: PageInput & { postId: string } }): Promise<Page<VoterView>> {
  requireScope(ctx.actor.scopes, "votes:read");
  const db = reader(ctx);
  const post = await findPost(db, ctx, input.postId, { held: true });
  if (!post) throw notFound("post", input.postId);
  return keysetPage(ctx, {
    key: `votes:${ctx.workspace.id}:${post.id}`,
    input,
    query: selectVoters(db).where("v.workspace_id", "=", ctx.workspace.id).where("v.post_id", "=", post.id),
    order: { by: ["v.created_at", "v.user_id"], kinds: ["string", "string"], direction: "desc" },
    shape: (rows) => rows.map(toVoterView),
  });
}
