import type { z } from "@hono/zod-openapi";
import type { ListPortalPostsQuery } from "../../schemas/portal.js";
import { reader } from "../context.js";
import { requirePortalRead, requireViewer, type CustomerCtx } from "../customers/context.js";
import type { Page, PageInput } from "../pagination/page.js";
import { postPage, type PostSort } from "../posts/list.js";
import { findPublicPost, toPortalPosts, type PortalPostView } from "./view.js";

/** The portal ranks by everything the API does except revenue, which is the team's business. */
export const PORTAL_POST_SORTS = ["newest", "oldest", "votes", "trending", "comments", "updated"] as const satisfies readonly PostSort[];

/** The validated query of `GET /portal/posts`. */
export type PortalListPostsInput = z.output<typeof ListPortalPostsQuery>;

/** Posts of public boards, with the API list's sorts, filters and keyset cursors. */
export async function listPortalPosts({ ctx, input }: { ctx: CustomerCtx; input: PortalListPostsInput }): Promise<Page<PortalPostView>> {
  requirePortalRead(ctx);
  const db = reader(ctx);
  const page = await postPage(db, ctx, input, { name: "portal-posts", publicBoardsOnly: true });
  return { data: await toPortalPosts(db, ctx, page.data), nextCursor: page.nextCursor };
}

export async function getPortalPost({ ctx, input }: { ctx: CustomerCtx; input: { id: string } }): Promise<PortalPostView> {
  requirePortalRead(ctx);
  const db = reader(ctx);
  return (await toPortalPosts(db, ctx, [await findPublicPost(db, ctx, input.id)]))[0]!;
}

/** The identified end user's own posts, newest first. */
export async function listPortalMyPosts({ ctx, input }: { ctx: CustomerCtx; input: PageInput }): Promise<Page<PortalPostView>> {
  const viewer = requireViewer(ctx);
  const db = reader(ctx);
  const page = await postPage(db, ctx, { ...input, sort: "newest", authorId: viewer.id }, { name: "portal-my-posts", publicBoardsOnly: true });
  return { data: await toPortalPosts(db, ctx, page.data), nextCursor: page.nextCursor };
}
