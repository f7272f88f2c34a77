import type { z } from "@hono/zod-openapi";
import type { Kysely } from "kysely";
import type { Database } from "../../platform/db/schema.js";
import type { UserSchema } from "./schema.js";
import type { Ctx } from "../../platform/context.js";

/** An end user as the API shows it. */
export type UserView = z.output<typeof UserSchema>;

/** The company an end user belongs to, as their view embeds it. */
export type UserCompany = NonNullable<UserView["company"]>;

/** One value of an end user's traits. */
export type TraitValue = UserView["traits"][string];

/** End users with their company: one query, a join instead of a query per row. */
export function selectUsers(db: Kysely<Database>) {
  return db
    .selectFrom("users as u")
    .leftJoin("companies as c", (join) => join.onRef("c.id", "=", "u.company_id").onRef("c.workspace_id", "=", "u.workspace_id"))
    .selectAll("u")
    .select(["c.id as company_ref", "c.external_id as company_external_id", "c.name as company_name", "c.monthly_spend as company_monthly_spend"]);
}

export type UserRow = Awaited<ReturnType<ReturnType<typeof selectUsers>["executeTakeFirstOrThrow"]>>;

export function toUserView(r: UserRow): UserView {
  return {
    id: r.id,
    externalId: r.external_id,
    email: r.email,
    name: r.name,
    avatarUrl: r.avatar_url,
    company: r.company_ref ? { id: r.company_ref, externalId: r.company_external_id!, name: r.company_name!, monthlySpend: r.company_monthly_spend! } : null,
    traits: JSON.parse(r.traits) as Record<string, TraitValue>,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
    lastSeenAt: r.last_seen_at,
  };
}

/** One live (not deleted) end user of the workspace, or undefined. */
export async function findUser(db: Kysely<Database>, ctx: Ctx, id: string): Promise<UserRow | undefined> {
  return selectUsers(db).where("u.workspace_id", "=", ctx.workspace.id).where("u.id", "=", id).where("u.deleted_at", "is", null).executeTakeFirst();
}
