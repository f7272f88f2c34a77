import { type ExpressionBuilder, type OperandExpression, sql } from "kysely";
import type { Tx } from "../../platform/context.js";
import type { Db } from "../../platform/db/database.js";
import type { Database } from "../../platform/db/schema.js";

// Who a change that announces mails, counted by the verb that makes it (its answer's `notified`, a
// post's and an entry's `followerCount`) with the rules the fan-out applies to choose them
// (recipients.ts, fanout.ts): end users who follow a post on a public board, with an address, mail
// not turned off, not erased.
//
// One mail, not two: a follower whom a changelog entry's "shipped" mail told of a post (they
// followed it when the entry told) is not told again that the post moved to a `complete` status,
// unless the team's public comment came with the move (that is news of its own).

type Conn = Db | Tx;
type Followers = ExpressionBuilder<Database & { f: Database["post_followers"] }, "f">;

/** The follower `f` was told of `f.post_id` by an entry's "shipped" mail, told at or before `at`. */
export function toldOfShipping(eb: Followers, at: string) {
  return eb.exists(
    eb
      .selectFrom("changelog_entry_posts as cp")
      .innerJoin("changelog_entries as e", "e.id", "cp.entry_id")
      .select("cp.entry_id")
      .whereRef("cp.post_id", "=", "f.post_id")
      .where("e.told_at", "is not", null)
      .where("e.told_at", "<=", at)
      .whereRef("e.told_at", ">=", "f.created_at"),
  );
}

/**
 * A post's `followerCount`, as a column of a statement over `posts as p`: the end users a status
 * change of it mails.
 */
export const followerCountColumn = sql<number>`(select count(*) from post_followers f
  inner join users u on u.id = f.follower_id
  where f.post_id = p.id and f.workspace_id = p.workspace_id and f.follower_id like 'usr_%'
    and u.deleted_at is null and u.email is not null and u.email_notifications <> 'off'
    and exists (select 1 from boards b where b.id = p.board_id and b.visibility = 'public'))`;

/** The posts a change names: ids, or a statement selecting them (`id`). */
export type PostsNamed = string[] | OperandExpression<string>;

/** Distinct end users mailed of a status change of `posts`, made at `at`. */
export async function countStatusAudience(
  db: Conn,
  workspaceId: string,
  posts: PostsNamed,
  change: { intoComplete: boolean; withComment: boolean; at: string },
): Promise<number> {
  if (Array.isArray(posts) && posts.length === 0) return 0;
  let query = db
    .selectFrom("post_followers as f")
    .innerJoin("users as u", "u.id", "f.follower_id")
    .innerJoin("posts as p", "p.id", "f.post_id")
    .innerJoin("boards as b", "b.id", "p.board_id")
    .where("f.workspace_id", "=", workspaceId)
    .where("f.post_id", "in", posts)
    .where("f.follower_id", "like", "usr_%")
    .where("f.created_at", "<=", change.at)
    .where("b.visibility", "=", "public")
    .where("u.deleted_at", "is", null)
    .where("u.email", "is not", null)
    .where("u.email_notifications", "<>", "off");
  if (change.intoComplete && !change.withComment) query = query.where((eb) => eb.not(toldOfShipping(eb as unknown as Followers, change.at)));
  const row = await query.select((eb) => eb.fn.count<number>("f.follower_id").distinct().as("n")).executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Distinct end users an entry's publishing mails: who follows a post it announces (they hear their
 * idea shipped) and who follows the changelog. Nobody once it has told (a second publishing).
 */
export async function countEntryAudience(db: Conn, workspaceId: string, entryId: string): Promise<number> {
  const entry = await db.selectFrom("changelog_entries").select("told_at").where("workspace_id", "=", workspaceId).where("id", "=", entryId).executeTakeFirst();
  if (!entry || entry.told_at !== null) return 0;
  const answered = db
    .selectFrom("post_followers as f")
    .innerJoin("changelog_entry_posts as cp", "cp.post_id", "f.post_id")
    .innerJoin("posts as p", "p.id", "f.post_id")
    .innerJoin("boards as b", "b.id", "p.board_id")
    .innerJoin("users as u", "u.id", "f.follower_id")
    .select("f.follower_id as id")
    .where("cp.entry_id", "=", entryId)
    .where("f.workspace_id", "=", workspaceId)
    .where("f.follower_id", "like", "usr_%")
    .where("b.visibility", "=", "public")
    .where("u.deleted_at", "is", null)
    .where("u.email", "is not", null)
    .where("u.email_notifications", "<>", "off");
  const subscribers = db
    .selectFrom("users as u")
    .select("u.id as id")
    .where("u.workspace_id", "=", workspaceId)
    .where("u.follows_changelog", "=", 1)
    .where("u.deleted_at", "is", null)
    .where("u.email", "is not", null)
    .where("u.email_notifications", "<>", "off");
  const row = await db
    .selectFrom(answered.union(subscribers).as("a"))
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
