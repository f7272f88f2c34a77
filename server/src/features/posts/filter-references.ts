import type { Ctx, Tx } from "../../platform/context.js";
import { invalidReference } from "../../platform/errors.js";
import { FILTER_NAMES, filterOf } from "./list-filters.js";

// `GET /posts` answers an id of another workspace in a filter as it answers an unknown one: with
// nothing. What stores a filter to act on or to read again later (a bulk change, a saved view)
// refuses it instead, as a post's body does, so a team does not save a view or run a change that
// silently matches nothing.

/**
 * Each object the filters name must be this workspace's. `kept`: ids a stored filter named already,
 * accepted as they are (a board or tag deleted since must not stop a member saving their views).
 */
export async function checkFilterReferences(tx: Tx, ctx: Ctx, filters: Record<string, unknown>, pointer: string, kept = new Set<string>()): Promise<void> {
  for (const field of FILTER_NAMES) {
    const named = filterOf(field).names;
    const id = filters[field];
    if (!named || typeof id !== "string" || kept.has(id)) continue;
    const table = Object.entries(named.tables).find(([prefix]) => id.startsWith(prefix))?.[1];
    if (!table) continue; // a category (`status=open`) or a word (`ownerId=none`)
    const row = await tx.selectFrom(table).select("id").where("workspace_id", "=", ctx.workspace.id).where("id", "=", id).executeTakeFirst();
    if (!row) throw invalidReference(`${pointer}/${field}`, named.what, id);
  }
}
