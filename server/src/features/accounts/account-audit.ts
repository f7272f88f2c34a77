import type { AuditAction } from "../../platform/changes/vocabulary.js";
import { recordChange } from "../../platform/changes/record.js";
import type { Tx } from "../../platform/context.js";

// A change to an account (how it signs in) concerns every workspace it belongs to: each gets an
// audit row naming that workspace's member, so every team sees what changed about its people.
export async function auditForAccount(tx: Tx, accountId: string, action: AuditAction, audit: Record<string, unknown>): Promise<void> {
  const memberships = await tx
    .selectFrom("members as m")
    .innerJoin("workspaces as w", "w.id", "m.workspace_id")
    .select(["m.id", "w.id as workspaceId", "w.slug"])
    .where("m.account_id", "=", accountId)
    .execute();
  for (const m of memberships) {
    await recordChange(
      tx,
      { workspace: { id: m.workspaceId, slug: m.slug }, actor: { type: "member", id: m.id, scopes: [] }, requestId: null },
      { action, objectType: "member", objectId: m.id, audit },
    );
  }
}
