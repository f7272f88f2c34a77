import type { z } from "@hono/zod-openapi";
import type { PortalChangelogEntrySchema } from "./schema.js";
import { reader } from "../../platform/context.js";
import { requirePortalRead, type CustomerCtx } from "../../http/credentials/customer-context.js";
import { keysetPage } from "../../platform/pagination/keyset.js";
import type { Page, PageInput } from "../../platform/pagination/page.js";
import { publicBoardIds } from "../posts/index.js";

/** A published entry as the portal shows it: only the announced posts of public boards. */
export type PortalChangelogEntryView = z.output<typeof PortalChangelogEntrySchema>;

/** Published entries, most recently published first; drafts and scheduled entries never show. */
export async function listPortalChangelog({ ctx, input }: { ctx: CustomerCtx; input: PageInput }): Promise<Page<PortalChangelogEntryView>> {
  requirePortalRead(ctx);
  const db = reader(ctx);
  const page = await keysetPage(ctx, {
    key: JSON.stringify(["portal-changelog", ctx.workspace.id]),
    input,
    query: db
      .selectFrom("changelog_entries")
      .select(["id", "title", "body", "type", "published_at"])
      .where("workspace_id", "=", ctx.workspace.id)
      .where("state", "=", "published"),
    order: { by: ["published_at", "id"], kinds: ["string", "string"], direction: "desc" },
    shape: (rows) => rows,
  });
  if (page.data.length === 0) return { data: [], nextCursor: null };
  return { data: await withPosts(ctx, page.data), nextCursor: page.nextCursor };
}

interface EntryRow {
  id: string;
  title: string;
  body: string;
  type: PortalChangelogEntryView["type"];
  published_at: string | null;
}

/** Published entries with the posts each announces that the portal shows. */
async function withPosts(ctx: CustomerCtx, rows: EntryRow[]): Promise<PortalChangelogEntryView[]> {
  const db = reader(ctx);
  const links = await db
    .selectFrom("changelog_entry_posts as l")
    .innerJoin("posts as p", "p.id", "l.post_id")
    .select(["l.entry_id", "p.id", "p.title"])
    .where("l.workspace_id", "=", ctx.workspace.id)
    .where(
      "l.entry_id",
      "in",
      rows.map((r) => r.id),
    )
    .where("p.deleted_at", "is", null)
    .where("p.held", "=", 0)
    .where("p.board_id", "in", publicBoardIds(db, ctx))
    .orderBy("p.id")
    .execute();
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    body: r.body,
    type: r.type,
    publishedAt: r.published_at!,
    posts: links.filter((l) => l.entry_id === r.id).map(({ id, title }) => ({ id, title })),
  }));
}

/** One published entry (its own page, where a "shipped" mail links); undefined for a draft, a scheduled one or none. */
export async function getPortalChangelogEntry({ ctx, input }: { ctx: CustomerCtx; input: { id: string } }): Promise<PortalChangelogEntryView | undefined> {
  requirePortalRead(ctx);
  const row = await reader(ctx)
    .selectFrom("changelog_entries")
    .select(["id", "title", "body", "type", "published_at"])
    .where("workspace_id", "=", ctx.workspace.id)
    .where("id", "=", input.id)
    .where("state", "=", "published")
    .executeTakeFirst();
  return row ? (await withPosts(ctx, [row]))[0] : undefined;
}

/** The published entries that announce a public post, most recent first (a post's "shipped in"). */
export async function listPortalEntriesAnnouncing({
  ctx,
  input,
}: {
  ctx: CustomerCtx;
  input: { postId: string };
}): Promise<{ id: string; title: string; publishedAt: string }[]> {
  requirePortalRead(ctx);
  const rows = await reader(ctx)
    .selectFrom("changelog_entry_posts as l")
    .innerJoin("changelog_entries as e", "e.id", "l.entry_id")
    .select(["e.id", "e.title", "e.published_at"])
    .where("l.workspace_id", "=", ctx.workspace.id)
    .where("l.post_id", "=", input.postId)
    .where("e.state", "=", "published")
    .orderBy("e.published_at", "desc")
    .limit(10)
    .execute();
  return rows.map((r) => ({ id: r.id, title: r.title, publishedAt: r.published_at! }));
}
