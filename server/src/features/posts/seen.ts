import { recordSystemChange } from "../../platform/changes/record.js";
import { inTransaction, type Ctx } from "../../platform/context.js";
import { invalidReference } from "../../platform/errors.js";
import { nowIso } from "../../platform/lib/clock.js";
import { requireScope } from "../../platform/scopes.js";

/**
 * The team has seen these posts: they leave the inbox's New view. The dashboard marks a post as it
 * is opened, and a selection on request. A post seen already keeps its first time. Not audited: a
 * read receipt changes nothing a customer or an integration sees (no webhook either), and auditing
 * every opened post would bury the changes the log is for. It raises the workspace's version, so
 * kept lists show it at once.
 */
export async function markPostsSeen({ ctx, input }: { ctx: Ctx; input: { ids: string[] } }): Promise<{ marked: number }> {
  requireScope(ctx.actor.scopes, "posts:write");
  return inTransaction(ctx, async (tx) => {
    const ids = [...new Set(input.ids)];
    const found = new Set(
      (
        await tx.selectFrom("posts").select("id").where("workspace_id", "=", ctx.workspace.id).where("id", "in", ids).where("deleted_at", "is", null).execute()
      ).map((p) => p.id),
    );
    const missing = input.ids.findIndex((id) => !found.has(id));
    if (missing >= 0) throw invalidReference(`/ids/${missing}`, "post", input.ids[missing]!);
    const marked = await tx
      .updateTable("posts")
      .set({ seen_at: nowIso() })
      .where("workspace_id", "=", ctx.workspace.id)
      .where("id", "in", ids)
      .where("seen_at", "is", null)
      .executeTakeFirst();
    const count = Number(marked.numUpdatedRows);
    if (count > 0) await recordSystemChange(tx, ctx.workspace.id);
    return { marked: count };
  });
}
