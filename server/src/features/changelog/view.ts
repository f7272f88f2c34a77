import type { z } from "@hono/zod-openapi";
import type { Kysely } from "kysely";
import type { ChangelogEntriesTable, Database } from "../../platform/db/schema.js";
import type { ChangelogEntrySchema } from "./schema.js";
import type { Ctx } from "../../platform/context.js";
import { countEntryAudience } from "../notifications/index.js";

/** A changelog entry as the API shows it. */
export type ChangelogEntryView = z.output<typeof ChangelogEntrySchema>;

/** Entries with their linked posts: one query for the links of the whole page. */
export async function toEntryViews(db: Kysely<Database>, ctx: Ctx, rows: ChangelogEntriesTable[]): Promise<ChangelogEntryView[]> {
  if (rows.length === 0) return [];
  const links = await db
    .selectFrom("changelog_entry_posts")
    .select(["entry_id", "post_id"])
    .where("workspace_id", "=", ctx.workspace.id)
    .where(
      "entry_id",
      "in",
      rows.map((r) => r.id),
    )
    .orderBy("post_id")
    .execute();
  // Who publishing would mail, entry by entry: a page is at most 100 entries, and a told one costs one read.
  const audiences: number[] = [];
  for (const r of rows) audiences.push(r.told_at === null ? await countEntryAudience(db, ctx.workspace.id, r.id) : 0);
  return rows.map((r, i) => ({
    id: r.id,
    title: r.title,
    body: r.body,
    type: r.type,
    state: r.state,
    publishAt: r.publish_at,
    publishedAt: r.published_at,
    postIds: links.filter((l) => l.entry_id === r.id).map((l) => l.post_id),
    notify: r.notify === 1,
    followerCount: audiences[i]!,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  }));
}

export function findEntry(db: Kysely<Database>, ctx: Ctx, id: string): Promise<ChangelogEntriesTable | undefined> {
  return db.selectFrom("changelog_entries").selectAll().where("workspace_id", "=", ctx.workspace.id).where("id", "=", id).executeTakeFirst();
}

/** One entry of the workspace, known to exist (just written), as the API shows it. */
export async function entryView(db: Kysely<Database>, ctx: Ctx, id: string): Promise<ChangelogEntryView> {
  const [entry] = await toEntryViews(db, ctx, [(await findEntry(db, ctx, id))!]);
  return entry!;
}
