import { reader, type Ctx } from "../../platform/context.js";
import { requireScope } from "../../platform/scopes.js";

/**
 * Who a post can be assigned to and a comment can mention: every member, by name, readable with
 * posts:read (a member's role lacks members:read, yet assigns and mentions). Names and ids only.
 */
export async function listAssignableMembers({ ctx }: { ctx: Ctx }): Promise<{ data: { id: string; name: string }[] }> {
  requireScope(ctx.actor.scopes, "posts:read");
  const rows = await reader(ctx)
    .selectFrom("members")
    .select(["id", "name"])
    .where("workspace_id", "=", ctx.workspace.id)
    .orderBy("name")
    .orderBy("id")
    .limit(1000)
    .execute();
  return { data: rows };
}
