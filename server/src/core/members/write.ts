import { nowIso } from "../../lib/clock.js";
import type { MembersTable } from "../../db/schema.js";
import { recordChange } from "../changes.js";
import { inTransaction, lockWorkspace, reader, type Ctx, type Tx } from "../context.js";
import { HeedError, notFound } from "../errors.js";
import { type Page, pageById, type PageInput } from "../pagination/page.js";
import { requireScope } from "../scopes.js";

// Team members. Inviting and signing in come with the dashboard; here they are listed, given a
// role, and removed. A workspace always keeps at least one owner.

export type Role = "owner" | "admin" | "member";

export interface MemberView {
  id: string;
  email: string;
  name: string;
  role: Role;
  createdAt: string;
  updatedAt: string;
}

function toMemberView(row: MembersTable): MemberView {
  return { id: row.id, email: row.email, name: row.name, role: row.role, createdAt: row.created_at, updatedAt: row.updated_at };
}

async function findMember(tx: Tx, ctx: Ctx, id: string): Promise<MembersTable> {
  const row = await tx.selectFrom("members").selectAll().where("workspace_id", "=", ctx.workspace.id).where("id", "=", id).executeTakeFirst();
  if (!row) throw notFound("member", id);
  return row;
}

async function ensureAnotherOwner(tx: Tx, ctx: Ctx, member: MembersTable): Promise<void> {
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

export async function listMembers({ ctx, input }: { ctx: Ctx; input: PageInput }): Promise<Page<MemberView>> {
  requireScope(ctx.actor.scopes, "members:read");
  const queryKey = `members:${ctx.workspace.id}`;
  return pageById(
    ctx.services.cursorSecret,
    queryKey,
    input,
    (afterId, take) => {
      let query = reader(ctx).selectFrom("members").selectAll().where("workspace_id", "=", ctx.workspace.id).orderBy("id").limit(take);
      if (afterId) query = query.where("id", ">", afterId);
      return query.execute();
    },
    (rs) => rs.map(toMemberView),
  );
}

export async function changeMemberRole({ ctx, input }: { ctx: Ctx; input: { id: string; role: Role } }): Promise<MemberView> {
  requireScope(ctx.actor.scopes, "members:write");
  return inTransaction(ctx, async (tx) => {
    const member = await findMember(tx, ctx, input.id);
    if (input.role !== "owner") await ensureAnotherOwner(tx, ctx, member);
    const row = { ...member, role: input.role, updated_at: nowIso() };
    await tx.updateTable("members").set({ role: row.role, updated_at: row.updated_at }).where("id", "=", member.id).execute();
    await recordChange(tx, ctx, { action: "member.role_changed", objectType: "member", objectId: member.id, audit: { from: member.role, to: input.role } });
    return toMemberView(row);
  });
}

/** Their posts and comments stay; they then show no author. Posts they owned lose their owner. */
export async function removeMember({ ctx, input }: { ctx: Ctx; input: { id: string } }): Promise<void> {
  requireScope(ctx.actor.scopes, "members:write");
  await inTransaction(ctx, async (tx) => {
    const member = await findMember(tx, ctx, input.id);
    await ensureAnotherOwner(tx, ctx, member);
    await tx.updateTable("posts").set({ owner_id: null }).where("workspace_id", "=", ctx.workspace.id).where("owner_id", "=", member.id).execute();
    await tx.deleteFrom("members").where("id", "=", member.id).execute();
    await recordChange(tx, ctx, { action: "member.removed", objectType: "member", objectId: member.id, audit: { email: member.email, role: member.role } });
  });
}
