import { sql } from "kysely";
import type { Tx } from "../../platform/context.js";

// What triage reads of a post's life (migration 0022): when it last moved (Stale), and whether the
// team has seen it (New). Each verb that moves a post sets them in its own transaction: a vote or an
// end user's comment is activity; the team's change, reply or opening of it also means seen.

/** The columns to set beside a change's own at time `at`. */
export function activityAt(at: string, { byTeam }: { byTeam: boolean }) {
  return byTeam ? { last_activity_at: at, seen_at: sql<string>`coalesce(seen_at, ${at})` } : { last_activity_at: at };
}

/** Marks activity on a post whose own row the verb does not otherwise write. */
export async function noteActivity(tx: Tx, postId: string, at: string, { byTeam }: { byTeam: boolean }): Promise<void> {
  await tx.updateTable("posts").set(activityAt(at, { byTeam })).where("id", "=", postId).execute();
}
