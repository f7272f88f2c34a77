import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.js";

export interface VoterView {
  userId: string;
  user: {
    id: string;
    externalId: string;
    name: string | null;
    email: string | null;
    avatarUrl: string | null;
    company: { id: string; name: string; monthlySpend: number } | null;
  };
  /** The member or API key that voted on the user's behalf, if any. */
  createdBy: string | null;
  createdAt: string;
}

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
