import type { Db } from "../../platform/db/database.js";
import type { NotificationEventsTable } from "../../platform/db/schema.js";
import type { Tx } from "../../platform/context.js";
import type { NotificationKind } from "./kinds.js";
import { toldOfShipping } from "./audience.js";

// Who hears of one event, and as what. Only people who followed before the change hear of it
// (a follow made a moment later is not news of this change), never the person who made it, never
// an end user of an internal note, and each person once per event.

type Conn = Db | Tx;

export interface Recipient {
  id: string;
  kind: NotificationKind;
}

/**
 * The post's followers of one kind (`usr_` end users or `mem_` members) as of the event. End users
 * hear only of posts on public boards: the portal, where their mail's links lead, shows no other
 * (a post moved to a private board goes quiet for them).
 */
async function followersOf(
  db: Conn,
  event: NotificationEventsTable,
  postIds: string[],
  prefix: "usr_" | "mem_",
  { exceptShipped = false }: { exceptShipped?: boolean } = {},
): Promise<string[]> {
  if (postIds.length === 0) return [];
  let query = db
    .selectFrom("post_followers as f")
    .select("f.follower_id")
    .distinct()
    .where("f.workspace_id", "=", event.workspace_id)
    .where("f.post_id", "in", postIds)
    .where("f.follower_id", "like", `${prefix}%`)
    .where("f.created_at", "<=", event.created_at);
  if (prefix === "usr_") {
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom("posts as p")
          .innerJoin("boards as b", "b.id", "p.board_id")
          .select("p.id")
          .whereRef("p.id", "=", "f.post_id")
          .where("b.visibility", "=", "public"),
      ),
    );
  }
  // Told already by the entry that shipped it (audience.ts): one mail, not two.
  if (exceptShipped) query = query.where((eb) => eb.not(toldOfShipping(eb, event.created_at)));
  const rows = await query.execute();
  return rows.map((r) => r.follower_id);
}

export async function recipientsOf(db: Conn, event: NotificationEventsTable): Promise<Recipient[]> {
  const data = JSON.parse(event.data) as Record<string, unknown>;
  const post = event.post_id ? [event.post_id] : [];
  const as = (kind: NotificationKind) => (ids: string[]) => ids.map((id) => ({ id, kind }));
  let found: Recipient[];
  switch (event.kind) {
    case "post_created": {
      const rows = await db
        .selectFrom("board_followers")
        .select("member_id")
        .where("workspace_id", "=", event.workspace_id)
        .where("board_id", "=", data.boardId as string)
        .where("created_at", "<=", event.created_at)
        .execute();
      found = as("new_post")(rows.map((r) => r.member_id));
      break;
    }
    case "post_status":
      found = as("status_changed")(await followersOf(db, event, post, "usr_", { exceptShipped: data.toCategory === "complete" && !data.body }));
      break;
    case "post_merged":
      found = as("merged")(await followersOf(db, event, post, "usr_"));
      break;
    case "post_assigned":
      found = as("assigned")([data.ownerId as string]);
      break;
    case "post_comment": {
      const mentioned = (data.mentions as string[] | undefined) ?? [];
      const members = (await followersOf(db, event, post, "mem_")).filter((id) => !mentioned.includes(id));
      // An end user hears the team's public replies, not other end users' comments or internal notes.
      const teamReply = data.internal !== true && !String(data.authorId ?? "").startsWith("usr_");
      found = [
        ...as("mentioned")(mentioned),
        ...as("commented")(members),
        ...(teamReply ? as("team_replied")(await followersOf(db, event, post, "usr_")) : []),
      ];
      break;
    }
    case "changelog_published": {
      const answered = await followersOf(db, event, (data.postIds as string[] | undefined) ?? [], "usr_");
      const subscribers = await db
        .selectFrom("users")
        .select("id")
        .where("workspace_id", "=", event.workspace_id)
        .where("follows_changelog", "=", 1)
        .where("deleted_at", "is", null)
        .execute();
      // Who follows an announced post hears "your idea is in" rather than the general news: once.
      found = [...as("changelog_answered")(answered), ...as("changelog_published")(subscribers.map((s) => s.id).filter((id) => !answered.includes(id)))];
      break;
    }
    default:
      found = [];
  }
  // Who made the change: the person acting, or the author a key wrote a comment or post for.
  const makers = new Set([event.actor_id, typeof data.authorId === "string" ? data.authorId : null]);
  const seen = new Set<string>();
  return found.filter((r) => {
    if (makers.has(r.id) || seen.has(r.id)) return false;
    seen.add(r.id);
    return true;
  });
}
