import { nowIso } from "../../platform/lib/clock.js";
import { recordChange } from "../../platform/changes/record.js";
import type { Ctx, Tx } from "../../platform/context.js";
import { invalidReference } from "../../platform/errors.js";

// A key outlives nobody's trust: when the member who minted it leaves, it stops working, unless the
// removal hands it to a member who stays and answers for it from then on. Keys minted with such a
// key go with it, so a removed admin leaves no chain of keys behind.

/**
 * Revokes the live keys the member minted, and the keys minted with those, in the removal's
 * transaction; or, with `transferTo`, makes that member their creator instead.
 */
export async function settleKeysOfRemovedMember(tx: Tx, ctx: Ctx, memberId: string, transferTo: string | undefined): Promise<void> {
  const live = (creators: string[]) =>
    tx
      .selectFrom("api_keys")
      .select(["id", "name"])
      .where("workspace_id", "=", ctx.workspace.id)
      .where("created_by", "in", creators)
      .where("revoked_at", "is", null)
      .execute();
  if (transferTo !== undefined) {
    const heir = await tx.selectFrom("members").select("id").where("workspace_id", "=", ctx.workspace.id).where("id", "=", transferTo).executeTakeFirst();
    if (!heir || transferTo === memberId) throw invalidReference("/query/transferKeysTo", "member who stays", transferTo);
    for (const key of await live([memberId])) {
      await tx.updateTable("api_keys").set({ created_by: transferTo }).where("id", "=", key.id).execute();
      await recordChange(tx, ctx, {
        action: "api_key.transferred",
        objectType: "api_key",
        objectId: key.id,
        audit: { name: key.name, from: memberId, to: transferTo },
      });
    }
    return;
  }
  const revokedAt = nowIso();
  let creators = [memberId];
  // Each round revokes the keys the previous round's creators minted; a key is revoked once, so
  // the chain ends however it was made.
  while (creators.length > 0) {
    const keys = await live(creators);
    for (const key of keys) {
      await tx.updateTable("api_keys").set({ revoked_at: revokedAt }).where("id", "=", key.id).execute();
      await recordChange(tx, ctx, {
        action: "api_key.revoked",
        objectType: "api_key",
        objectId: key.id,
        audit: { name: key.name, reason: "creator_removed", creator: memberId },
      });
    }
    creators = keys.map((k) => k.id);
  }
}
