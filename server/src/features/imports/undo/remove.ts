import { sql } from "kysely";
import { recordSystemChange } from "../../../platform/changes/record.js";
import type { Db, Dialect } from "../../../platform/db/database.js";
import { recountPosts, recountRevenue } from "../../posts/index.js";

// Takes an import batch out: its votes (marked with the batch), the comments, changelog entries, posts, people,
// companies, boards, statuses and tags it made (from its records), then its records, so the same
// source imports afresh. What it only matched (a person who was there) stays, as do the fields it
// filled in. Posts it did not make but voted or commented on are recounted. A few hundred rows per
// transaction: SQLite's writers wait milliseconds, not the length of the undo.

const GROUP = 500;

async function madeBy(db: Db, importId: string, kind: string): Promise<string[]> {
  const rows = await db
    .selectFrom("import_records")
    .select("object_id")
    .where("import_id", "=", importId)
    .where("kind", "=", kind)
    .where("created", "=", 1)
    .execute();
  return rows.map((r) => r.object_id);
}

async function inGroups(ids: string[], each: (group: string[]) => Promise<void>): Promise<void> {
  for (let i = 0; i < ids.length; i += GROUP) await each(ids.slice(i, i + GROUP));
}

export async function removeImportBatch(db: Db, dialect: Dialect, workspaceId: string, importId: string): Promise<void> {
  const posts = new Set(await madeBy(db, importId, "post"));
  const comments = await madeBy(db, importId, "comment");
  // Posts that stay but lose the batch's votes or comments: recounted at the end.
  const votedOn = await db.selectFrom("votes").select("post_id").distinct().where("workspace_id", "=", workspaceId).where("import_id", "=", importId).execute();
  const commentedOn: string[] = [];
  await inGroups(comments, async (group) => {
    for (const r of await db.selectFrom("comments").select("post_id").distinct().where("id", "in", group).execute()) commentedOn.push(r.post_id);
  });
  const staying = [...new Set([...votedOn.map((r) => r.post_id), ...commentedOn])].filter((id) => !posts.has(id));

  await inGroups(
    votedOn.map((r) => r.post_id),
    (group) =>
      db
        .deleteFrom("votes")
        .where("workspace_id", "=", workspaceId)
        .where("import_id", "=", importId)
        .where("post_id", "in", group)
        .execute()
        .then(() => {}),
  );
  await inGroups(comments, (group) =>
    db
      .deleteFrom("comments")
      .where("id", "in", group)
      .execute()
      .then(() => {}),
  );
  // Changelog entries go with the posts they announced (their links cascade).
  await inGroups(await madeBy(db, importId, "changelog"), (group) =>
    db
      .deleteFrom("changelog_entries")
      .where("id", "in", group)
      .execute()
      .then(() => {}),
  );
  await inGroups([...posts], (group) =>
    db.transaction().execute(async (tx) => {
      if (dialect === "sqlite")
        await sql`delete from post_search_text where rowid in (select id from post_search where post_id in (${sql.join(group)}))`.execute(tx);
      await tx.deleteFrom("post_followers").where("post_id", "in", group).execute();
      await tx.deleteFrom("notification_events").where("post_id", "in", group).execute();
      // Votes and comments, tags, search entries and duplicate suggestions go with their post.
      await tx.deleteFrom("posts").where("id", "in", group).execute();
    }),
  );
  const users = await madeBy(db, importId, "user");
  await inGroups(users, (group) =>
    db.transaction().execute(async (tx) => {
      await tx.deleteFrom("post_followers").where("workspace_id", "=", workspaceId).where("follower_id", "in", group).execute();
      await tx.deleteFrom("users").where("id", "in", group).execute();
    }),
  );
  for (const [kind, table] of [
    ["company", "companies"],
    ["tag", "tags"],
    ["status", "statuses"],
    ["board", "boards"],
  ] as const) {
    await inGroups(await madeBy(db, importId, kind), (group) =>
      db
        .deleteFrom(table)
        .where("id", "in", group)
        .execute()
        .then(() => {}),
    );
  }
  await inGroups(staying, (group) =>
    db.transaction().execute(async (tx) => {
      await recountPosts(tx, group);
      await recountRevenue(tx, workspaceId, { postIds: group });
    }),
  );
  await db.deleteFrom("import_records").where("import_id", "=", importId).execute();
  await recordSystemChange(db, workspaceId);
}
