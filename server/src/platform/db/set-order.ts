import { HeedError } from "../errors.js";
import type { Tx } from "../context.js";
import { nowIso } from "../lib/clock.js";

// The order a team sets for a workspace's statuses (the roadmap's) or boards: a request lists every
// one exactly once, and each gets its place as its `position`.

type Ordered = "statuses" | "boards";

/**
 * Sets `position` from the order of `ids`, which must name every row of `table` in the workspace
 * once (400 otherwise, saying how many). Answers the time the rows changed at.
 */
export async function setOrder(tx: Tx, table: Ordered, workspaceId: string, ids: readonly string[], what: string): Promise<string> {
  const rows = await tx.selectFrom(table).select("id").where("workspace_id", "=", workspaceId).execute();
  const known = new Set(rows.map((r) => r.id));
  if (ids.length !== rows.length || new Set(ids).size !== rows.length || !ids.every((id) => known.has(id))) {
    throw new HeedError("validation_failed", `List every ${what} of the workspace exactly once.`, {
      errors: [{ pointer: "/ids", code: "invalid", detail: `Expected the ${rows.length} ${what} ids of this workspace, each once.` }],
    });
  }
  const at = nowIso();
  for (const [position, id] of ids.entries()) await tx.updateTable(table).set({ position, updated_at: at }).where("id", "=", id).execute();
  return at;
}
