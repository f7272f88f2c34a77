import type { z } from "@hono/zod-openapi";
import type { Db } from "../../platform/db/database.js";
import { type PortalPostSchema, TEAM_ONLY_POST_FIELDS } from "./schema.js";
import type { Ctx, Tx } from "../../platform/context.js";
import type { CustomerCtx } from "../../http/credentials/customer-context.js";
import { isId } from "../../platform/lib/ids.js";
import { HeedError, notFound } from "../../platform/errors.js";
import { publicBoardIds, selectPosts, toPostViews, type PostRow, type PostView } from "../posts/index.js";
import { statusNameIn } from "../statuses/index.js";

/**
 * A post as the portal shows it: the API's Post without what is the team's business (owner,
 * revenue), plus whether the identified end user voted for it.
 */
export type PortalPostView = z.output<typeof PortalPostSchema>;

export async function toPortalPosts(db: Db | Tx, ctx: CustomerCtx, rows: PostRow[]): Promise<PortalPostView[]> {
  const posts = toPostViews(ctx, rows, { publicView: true });
  const viewer = ctx.customer.viewer;
  const voted = new Set<string>();
  if (viewer && rows.length > 0) {
    const votes = await db
      .selectFrom("votes")
      .select("post_id")
      .where("workspace_id", "=", ctx.workspace.id)
      .where("user_id", "=", viewer.id)
      .where(
        "post_id",
        "in",
        rows.map((r) => r.id),
      )
      .execute();
    for (const v of votes) voted.add(v.post_id);
  }
  const names = await statusNames(db, ctx, rows);
  return posts.map((post) =>
    toPortalPost(names ? { ...post, status: { ...post.status, name: names.get(post.status.id) ?? post.status.name } } : post, voted.has(post.id)),
  );
}

/** The statuses of `rows` as a reader of the page's language reads them; null when nothing is translated (the JSON API). */
async function statusNames(db: Db | Tx, ctx: CustomerCtx, rows: PostRow[]): Promise<Map<string, string> | null> {
  const { language } = ctx.customer;
  if (!language || rows.length === 0) return null;
  const statuses = await db
    .selectFrom("statuses")
    .select(["id", "name", "translations"])
    .where("workspace_id", "=", ctx.workspace.id)
    .where("id", "in", [...new Set(rows.map((r) => r.status_id))])
    .execute();
  return new Map(statuses.map((s) => [s.id, statusNameIn(s, language)]));
}

/** The team's Post as the portal shows it: every team-only field taken out, whatever the caller. */
export function toPortalPost(post: PostView, viewerHasVoted: boolean): PortalPostView {
  const shown: Partial<PostView> = { ...post };
  for (const field of Object.keys(TEAM_ONLY_POST_FIELDS) as (keyof typeof TEAM_ONLY_POST_FIELDS)[]) delete shown[field];
  return { ...(shown as Omit<PostView, keyof typeof TEAM_ONLY_POST_FIELDS>), viewerHasVoted };
}

/**
 * A live post on a public board, or 404 exactly as for an unknown id: the portal never reveals that
 * a private board's post exists, nor one waiting for approval. Merged posts are found (their `mergedInto` leads to the survivor).
 */
export async function findPublicPost(db: Db | Tx, ctx: Ctx, id: string): Promise<PostRow> {
  // An address anyone can type: what cannot be a post id is not looked up.
  if (!isId("post", id)) throw notFound("post", id);
  const row = await selectPosts(db)
    .where("p.workspace_id", "=", ctx.workspace.id)
    .where("p.id", "=", id)
    .where("p.deleted_at", "is", null)
    .where("p.held", "=", 0)
    .where("p.board_id", "in", publicBoardIds(db, ctx))
    .executeTakeFirst();
  if (!row) throw notFound("post", id);
  return row;
}

/** Whether the portal shows this post: a reader is pointed only to what they can open. */
export async function isPublicPost(db: Db | Tx, ctx: Ctx, id: string): Promise<boolean> {
  try {
    await findPublicPost(db, ctx, id);
    return true;
  } catch (error) {
    if (error instanceof HeedError && error.status === 404) return false;
    throw error;
  }
}
