import type { Tx } from "../../platform/context.js";
import type { Db } from "../../platform/db/database.js";
import type { ActorType } from "../../platform/changes/vocabulary.js";

// Who acted, by name as it is now: a member's, an end user's (none once erased) or an API key's.
// Read for a page of history at a time, one statement per kind of actor the page holds.

type Named = { type: ActorType; id: string | null };

/** A lookup of each actor's name; null for Heed itself, and for anyone gone or nameless. */
export async function actorNames(db: Db | Tx, workspaceId: string, actors: readonly Named[]): Promise<(actor: Named) => string | null> {
  const ids = (type: ActorType) => [...new Set(actors.filter((a) => a.type === type && a.id).map((a) => a.id!))];
  const [members, users, keys] = [ids("member"), ids("end_user"), ids("api_key")];
  const [memberRows, userRows, keyRows] = await Promise.all([
    members.length ? db.selectFrom("members").select(["id", "name"]).where("workspace_id", "=", workspaceId).where("id", "in", members).execute() : [],
    users.length ? db.selectFrom("users").select(["id", "name"]).where("workspace_id", "=", workspaceId).where("id", "in", users).execute() : [],
    keys.length ? db.selectFrom("api_keys").select(["id", "name"]).where("workspace_id", "=", workspaceId).where("id", "in", keys).execute() : [],
  ]);
  const names = new Map<string, string | null>([...memberRows, ...userRows, ...keyRows].map((r) => [r.id, r.name]));
  return (actor) => (actor.id ? (names.get(actor.id) ?? null) : null);
}
