import type { z } from "@hono/zod-openapi";
import { nowIso } from "../../platform/lib/clock.js";
import type { MembersTable } from "../../platform/db/schema.js";
import type { ChangeMemberRoleSchema } from "./schema.js";
import { requireOwnerFor } from "./roles.js";
import { type MemberRow, toMemberView, type MemberView } from "./view.js";
import { recordChange } from "../../platform/changes/record.js";
import { inTransaction, lockWorkspace, type Ctx, type Tx } from "../../platform/context.js";
import { HeedError, notFound } from "../../platform/errors.js";
import { requireScope } from "../../platform/scopes.js";
import { settleKeysOfRemovedMember } from "../api-keys/index.js";

// Team members: given a role and removed (invites.ts brings them in). A workspace always keeps at
// least one owner, and only owners touch ownership.

async function findMember(tx: Tx, ctx: Ctx, id: string): Promise<MemberRow> {
  const row = await tx
    .selectFrom("members as m")
    .leftJoin("accounts as a", "a.id", "m.account_id")
    .selectAll("m")
    .select("a.totp_enabled_at")
    .where("m.workspace_id", "=", ctx.workspace.id)
    .where("m.id", "=", id)
    .executeTakeFirst();
  if (!row) throw notFound("member", id);
  return row;
}

async function ensureAnotherOwner(tx: Tx, ctx: Ctx, member: Pick<MembersTable, "id" | "role">): Promise<void> {
  if (member.role !== "owner") return;
  await lockWorkspace(tx, ctx);
  const owners = await tx
    .selectFrom("members")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("workspace_id", "=", ctx.workspace.id)
    .where("role", "=", "owner")
    .executeTakeFirstOrThrow();
  if (Number(owners.n) <= 1) throw new HeedError("conflict", "A workspace keeps at least one owner: make someone else owner first.");
}

export async function changeMemberRole({ ctx, input }: { ctx: Ctx; input: z.output<typeof ChangeMemberRoleSchema> & { id: string } }): Promise<MemberView> {
  requireScope(ctx.actor.scopes, "members:write");
  return inTransaction(ctx, async (tx) => {
    const member = await findMember(tx, ctx, input.id);
    requireOwnerFor(ctx.actor, member.role === "owner" || input.role === "owner");
    if (input.role !== "owner") await ensureAnotherOwner(tx, ctx, member);
    const row = { ...member, role: input.role, updated_at: nowIso() };
    await tx.updateTable("members").set({ role: row.role, updated_at: row.updated_at }).where("id", "=", member.id).execute();
    await recordChange(tx, ctx, { action: "member.role_changed", objectType: "member", objectId: member.id, audit: { from: member.role, to: input.role } });
    return toMemberView(row);
  });
}

/**
 * Their posts and comments stay; they then show no author. Posts they owned lose their owner. The
 * keys they minted are revoked, unless `transferKeysTo` names a member who keeps them.
 */
export async function removeMember({ ctx, input }: { ctx: Ctx; input: { id: string; transferKeysTo?: string | undefined } }): Promise<void> {
  requireScope(ctx.actor.scopes, "members:write");
  await inTransaction(ctx, async (tx) => {
    const member = await findMember(tx, ctx, input.id);
    requireOwnerFor(ctx.actor, member.role === "owner");
    await ensureAnotherOwner(tx, ctx, member);
    await settleKeysOfRemovedMember(tx, ctx, member.id, input.transferKeysTo);
    await tx.updateTable("posts").set({ owner_id: null }).where("workspace_id", "=", ctx.workspace.id).where("owner_id", "=", member.id).execute();
    await tx.deleteFrom("members").where("id", "=", member.id).execute();
    await recordChange(tx, ctx, { action: "member.removed", objectType: "member", objectId: member.id, audit: { email: member.email, role: member.role } });
  });
}
