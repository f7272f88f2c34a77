import type { z } from "@hono/zod-openapi";
import type { Updateable } from "kysely";
import { nowIso } from "../../platform/lib/clock.js";
import { newId } from "../../platform/lib/ids.js";
import type { UsersTable } from "../../platform/db/schema.js";
import type { UpsertUserSchema } from "./schema.js";
import { recordChange } from "../../platform/changes/record.js";
import { inTransaction, type Ctx, type Tx } from "../../platform/context.js";
import { recountRevenue } from "../posts/index.js";
import { requireScope } from "../../platform/scopes.js";
import { checkCompany } from "./references.js";
import { findUser, toUserView, type UserView } from "./view.js";

/** The validated body of `POST /users`: `externalId` is the key of the upsert; `traits` replaces the stored traits. */
export type UpsertUserInput = z.output<typeof UpsertUserSchema>;

/** Creates or updates the end user with this `externalId` (see storeUser), with its audit row. */
export async function upsertUser({ ctx, input }: { ctx: Ctx; input: UpsertUserInput }): Promise<{ user: UserView; created: boolean }> {
  requireScope(ctx.actor.scopes, "users:write");
  return inTransaction(ctx, async (tx) => {
    if (input.companyId) await checkCompany(tx, ctx, input.companyId);
    const { id, created } = await storeUser(tx, ctx, input);
    const user = toUserView((await findUser(tx, ctx, id))!);
    // No personal data in the audit log: it outlives the anonymisation of a deleted user.
    await recordChange(tx, ctx, {
      action: "user.upserted",
      objectType: "user",
      objectId: user.id,
      audit: { created, fields: Object.keys(input).filter((k) => input[k as keyof UpsertUserInput] !== undefined) },
    });
    return { user, created };
  });
}

/**
 * Creates the end user with this `externalId`, or updates the fields given (absent fields keep their
 * value). One `insert … on conflict do update` statement, so concurrent upserts of the same
 * externalId meet in the unique index and never make two rows or fail; the user was created when
 * the returned id is the one this call generated. An update also clears `deleted_at`.
 */
export async function storeUser(
  tx: Tx,
  ctx: Ctx,
  input: UpsertUserInput & { lastSeenAt?: string; locale?: string | null | undefined },
): Promise<{ id: string; created: boolean }> {
  const given: Updateable<UsersTable> = {};
  if (input.email !== undefined) given.email = input.email;
  if (input.name !== undefined) given.name = input.name;
  if (input.avatarUrl !== undefined) given.avatar_url = input.avatarUrl;
  if (input.companyId !== undefined) given.company_id = input.companyId;
  if (input.traits !== undefined) given.traits = JSON.stringify(input.traits);
  if (input.lastSeenAt !== undefined) given.last_seen_at = input.lastSeenAt;
  if (input.locale !== undefined) given.locale = input.locale;

  // Identify sends the company on every call: the posts are recounted only when it really changed.
  // On PostgreSQL the row is locked as it is read, or a concurrent move could commit between this
  // read and the upsert and the recount would be skipped on a stale "unchanged".
  let before: { company_id: string | null } | undefined;
  if (input.companyId !== undefined) {
    let query = tx.selectFrom("users").select("company_id").where("workspace_id", "=", ctx.workspace.id).where("external_id", "=", input.externalId);
    if (ctx.services.dialect === "postgres") query = query.forUpdate();
    before = await query.executeTakeFirst();
  }
  const at = nowIso();
  const id = newId("user");
  const inserted = await tx
    .insertInto("users")
    .values({
      id,
      workspace_id: ctx.workspace.id,
      external_id: input.externalId,
      email: given.email ?? null,
      name: given.name ?? null,
      avatar_url: given.avatar_url ?? null,
      company_id: given.company_id ?? null,
      traits: given.traits ?? "{}",
      created_at: at,
      updated_at: at,
      last_seen_at: given.last_seen_at ?? null,
      locale: given.locale ?? null,
      deleted_at: null,
    })
    .onConflict((oc) => oc.columns(["workspace_id", "external_id"]).doUpdateSet({ ...given, updated_at: at, deleted_at: null }))
    .returning("id")
    .executeTakeFirstOrThrow();
  const created = inserted.id === id;
  // Their votes now count for another company (or none): the revenue of those posts moves. A user
  // created just now has no votes yet.
  if (!created && input.companyId !== undefined && (before?.company_id ?? null) !== input.companyId)
    await recountRevenue(tx, ctx.workspace.id, { userId: inserted.id });
  return { id: inserted.id, created };
}
