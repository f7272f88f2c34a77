import type { Db } from "../../../platform/db/database.js";

// A "shipped" mail names each idea of the reader's that the entry ships: of the entry's posts,
// those the reader follows and the portal shows (a public board, live), read when the mail is
// sent, with the titles the entry's notification kept.

interface Shipped {
  id: string;
  title: string;
}

/** For the mails of a batch: a function giving a reader's ideas among a `changelog_answered` notification's posts. */
export async function ideasShipped(
  db: Db,
  mails: { recipient_id: string }[],
  items: { kind: string; data: string }[],
): Promise<(recipientId: string, data: Record<string, unknown>) => Shipped[]> {
  const postIds = [
    ...new Set(items.filter((i) => i.kind === "changelog_answered").flatMap((i) => (JSON.parse(i.data) as { postIds?: string[] }).postIds ?? [])),
  ];
  const readers = [...new Set(mails.map((m) => m.recipient_id).filter((id) => id.startsWith("usr_")))];
  const follows = new Set<string>();
  if (postIds.length > 0 && readers.length > 0) {
    const rows = await db
      .selectFrom("post_followers as f")
      .innerJoin("posts as p", "p.id", "f.post_id")
      .innerJoin("boards as b", "b.id", "p.board_id")
      .select(["f.post_id", "f.follower_id"])
      .where("f.post_id", "in", postIds)
      .where("f.follower_id", "in", readers)
      .where("p.deleted_at", "is", null)
      .where("p.held", "=", 0)
      .where("b.visibility", "=", "public")
      .execute();
    for (const row of rows) follows.add(`${row.follower_id} ${row.post_id}`);
  }
  return (recipientId, data) => ((data.posts as Shipped[] | undefined) ?? []).filter((p) => follows.has(`${recipientId} ${p.id}`));
}
