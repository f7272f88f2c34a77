import type { z } from "@hono/zod-openapi";
import type { ListPortalPostsQuery } from "./schema.js";
import { reader } from "../../platform/context.js";
import { requirePortalRead, requireViewer, type CustomerCtx } from "../../http/credentials/customer-context.js";
import type { Page, PageInput } from "../../platform/pagination/page.js";
import { postPage } from "../posts/index.js";
import { findPublicPost, toPortalPosts, type PortalPostView } from "./view.js";

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
