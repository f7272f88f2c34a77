import type { Ctx, Tx } from "../../platform/context.js";
import { nowIso } from "../../platform/lib/clock.js";
import { countStatusAudience } from "../notifications/index.js";
import { matchingPosts } from "../posts/index.js";
import type { BulkAction, BulkFilters } from "./schema.js";

// How many people a bulk change mails: the distinct end users following a post whose status it
// changes, by the notifications' own rule (notifications/audience.ts), each counted once however
// many of their posts it changes. Only a status action tells end users anything.

/** The posts a change names: every match of the filters, or the ids given (live ones). */
export async function namedPosts(tx: Tx, ctx: Ctx, named: { filters: BulkFilters } | { postIds: string[] }) {
  if ("filters" in named) return matchingPosts(tx, ctx, named.filters);
  return tx
    .selectFrom("posts as p")
    .innerJoin("statuses as s", "s.id", "p.status_id")
    .where("p.workspace_id", "=", ctx.workspace.id)
    .where("p.id", "in", named.postIds)
    .where("p.deleted_at", "is", null)
    .where("p.held", "=", 0);
}

type Named = NonNullable<Awaited<ReturnType<typeof namedPosts>>>;

/** How many people `action` applied to `posts` mails. */
export async function bulkAudience(tx: Tx, ctx: Ctx, posts: Named | undefined, action: BulkAction): Promise<number> {
  if (!posts || action.kind !== "status") return 0;
  const target = await tx
    .selectFrom("statuses")
    .select("category")
    .where("workspace_id", "=", ctx.workspace.id)
    .where("id", "=", action.statusId)
    .executeTakeFirst();
  if (!target) return 0;
  // The posts it changes: not those holding the status already, nor merged ones (bulk/apply.ts).
  const changed = posts.select("p.id as id").where("p.status_id", "<>", action.statusId).where("p.merged_into_id", "is", null);
  return countStatusAudience(tx, ctx.workspace.id, changed, { intoComplete: target.category === "complete", withComment: false, at: nowIso() });
}
