import { nowIso } from "../../platform/lib/clock.js";
import { recordChange } from "../../platform/changes/record.js";
import { inTransaction, type Ctx } from "../../platform/context.js";
import { endUserPortalSessions } from "../../http/credentials/portal-sessions.js";
import { notFound } from "../../platform/errors.js";
import { recountRevenue } from "../posts/index.js";
import { requireScope } from "../../platform/scopes.js";
import { findUser } from "./view.js";

/**
 * Anonymises the end user: their personal data and company link are erased and their externalId
 * is replaced by `deleted:<id>` (freeing it), but the row stays so their votes and comments keep
 * counting. The user answers 404 and leaves lists afterwards; deleting again is a 404. Every portal
 * session of theirs ends with it, so bringing the row back later (upserting `deleted:<id>`) signs
 * nobody in again.
 */
export async function deleteUser({ ctx, input }: { ctx: Ctx; input: { id: string } }): Promise<void> {
  requireScope(ctx.actor.scopes, "users:write");
  await inTransaction(ctx, async (tx) => {
    const user = await findUser(tx, ctx, input.id);
    if (!user) throw notFound("end user", input.id);
    const at = nowIso();
    await tx
      .updateTable("users")
      .set({
        external_id: `deleted:${user.id}`,
        email: null,
        name: null,
        avatar_url: null,
        company_id: null,
        traits: "{}",
        deleted_at: at,
        updated_at: at,
      })
      .where("workspace_id", "=", ctx.workspace.id)
      .where("id", "=", user.id)
      .execute();
    await endUserPortalSessions(tx, ctx.workspace.id, user.id);
    if (user.company_id) await recountRevenue(tx, ctx.workspace.id, { userId: user.id });
    await recordChange(tx, ctx, { action: "user.deleted", objectType: "user", objectId: user.id });
  });
}
