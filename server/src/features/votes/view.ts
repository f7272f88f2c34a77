import type { z } from "@hono/zod-openapi";
import type { Kysely } from "kysely";
import type { Database } from "../../platform/db/schema.js";
import type { VoterSchema } from "./schema.js";

/** A vote, with its voter and the voter's company, as the API shows it. */
export type VoterView = z.output<typeof VoterSchema>;

/** Votes with their voter and the voter's company: one query, joins instead of a query per row. */
export function selectVoters(db: Kysely<Database>) {
  return db
    .selectFrom("votes as v")
    .innerJoin("users as u", "u.id", "v.user_id")
    .leftJoin("companies as c", "c.id", "u.company_id")
    .select([
      "v.user_id",
      "v.created_by",
      "v.created_at",
      "u.external_id",
      "u.name",
      "u.email",
      "u.avatar_url",
      "c.id as company_id",
      "c.name as company_name",
      "c.monthly_spend",
    ]);
}

export type VoterRow = Awaited<ReturnType<ReturnType<typeof selectVoters>["executeTakeFirstOrThrow"]>>;

export function toVoterView(r: VoterRow): VoterView {
  return {
    userId: r.user_id,
    user: {
      id: r.user_id,
      externalId: r.external_id,
      name: r.name,
      email: r.email,
      avatarUrl: r.avatar_url,
      company: r.company_id ? { id: r.company_id, name: r.company_name!, monthlySpend: r.monthly_spend! } : null,
    },
    createdBy: r.created_by,
    createdAt: r.created_at,
  };
}
