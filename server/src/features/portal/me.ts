import type { z } from "@hono/zod-openapi";
import type { PortalMeSchema } from "./schema.js";
import { reader } from "../../platform/context.js";
import { requireViewer, type CustomerCtx } from "../../http/credentials/customer-context.js";
import { keysetPage } from "../../platform/pagination/keyset.js";
import type { Page, PageInput } from "../../platform/pagination/page.js";
import { publicBoardIds, selectPosts } from "../posts/index.js";
import { notFound } from "../../platform/errors.js";
import { personalData, type PersonalData } from "../users/index.js";
import { isGuest } from "./guest.js";
import { toPortalPosts, type PortalPostView } from "./view.js";

/** The identified end user, with their votes and posts on the posts the portal shows. */
export type PortalMeView = z.output<typeof PortalMeSchema>;

/** The identified end user (as the token's check read them), with their votes and posts on the portal. */
export async function getPortalMe({ ctx }: { ctx: CustomerCtx }): Promise<PortalMeView> {
  const viewer = requireViewer(ctx);
  const db = reader(ctx);
  const [votes, posts] = await Promise.all([
    db
      .selectFrom("votes as v")
      .innerJoin("posts as p", "p.id", "v.post_id")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("v.workspace_id", "=", ctx.workspace.id)
      .where("v.user_id", "=", viewer.id)
      .where("p.deleted_at", "is", null)
      .where("p.held", "=", 0)
      .where("p.board_id", "in", publicBoardIds(db, ctx))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("posts as p")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("p.workspace_id", "=", ctx.workspace.id)
      .where("p.author_id", "=", viewer.id)
      .where("p.deleted_at", "is", null)
      .where("p.held", "=", 0)
      .where("p.merged_into_id", "is", null)
      .where("p.board_id", "in", publicBoardIds(db, ctx))
      .executeTakeFirstOrThrow(),
  ]);
  return {
    user: viewer,
    voteCount: Number(votes.n),
    postCount: Number(posts.n),
  };
}

/** The posts the identified end user voted for, most recent vote first. */
export async function listPortalMyVotes({ ctx, input }: { ctx: CustomerCtx; input: PageInput }): Promise<Page<PortalPostView>> {
  const viewer = requireViewer(ctx);
  const db = reader(ctx);
  const page = await keysetPage(ctx, {
    key: JSON.stringify(["portal-my-votes", ctx.workspace.id, viewer.id]),
    input,
    query: selectPosts(db)
      .innerJoin("votes as v", "v.post_id", "p.id")
      .select("v.created_at as voted_at")
      .where("v.workspace_id", "=", ctx.workspace.id)
      .where("v.user_id", "=", viewer.id)
      .where("p.deleted_at", "is", null)
      .where("p.held", "=", 0)
      .where("p.board_id", "in", publicBoardIds(db, ctx)),
    order: { by: ["v.created_at", "p.id"], fields: ["voted_at", "id"], kinds: ["string", "string"], direction: "desc" },
    shape: (rows) => rows,
  });
  return { data: await toPortalPosts(db, ctx, page.data), nextCursor: page.nextCursor };
}

/**
 * Everything Heed holds about the identified end user: the document the team's export gives. Not
 * for a guest: nobody checked that a guest's email is theirs, so anyone who types it may be that
 * guest; their data goes out through the team (GET /v1/users/{id}/export).
 */
export async function exportPortalMe({ ctx }: { ctx: CustomerCtx }): Promise<PersonalData> {
  const viewer = requireViewer(ctx);
  if (isGuest(viewer)) throw notFound("data download for a guest (unverified email): ask the team", viewer.id);
  // The viewer was read live as the request was authenticated, so the row exists (an erasure ends their sessions).
  return (await personalData(reader(ctx), ctx.workspace.id, viewer.id, { forPortal: true }))!;
}
