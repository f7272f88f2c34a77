import type { Ctx, Tx } from "./context.js";
import { invalidReference } from "./errors.js";

// Votes and follows are written on an end user's behalf, named by `userId` in the request body.
// Both read the row here rather than through the users feature, which reaches posts, which
// announce to the features that call this.

/** The named end user's id while they exist; a deleted or unknown one is a 400 on `/userId`. */
export async function namedEndUser(tx: Tx, ctx: Pick<Ctx, "workspace">, userId: string): Promise<{ id: string }> {
  const user = await tx
    .selectFrom("users")
    .select("id")
    .where("workspace_id", "=", ctx.workspace.id)
    .where("id", "=", userId)
    .where("deleted_at", "is", null)
    .executeTakeFirst();
  if (!user) throw invalidReference("/userId", "end user", userId);
  return user;
}
