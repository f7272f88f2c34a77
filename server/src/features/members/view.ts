import type { z } from "@hono/zod-openapi";
import type { Selectable } from "kysely";
import type { MembersTable } from "../../platform/db/schema.js";
import type { MemberSchema, role } from "./schema.js";

export type Role = z.output<typeof role>;

/** A team member as the API shows it. */
export type MemberView = z.output<typeof MemberSchema>;

/** A member row with whether its account has two-factor sign-in (`accounts.totp_enabled_at`). */
export type MemberRow = Selectable<MembersTable> & { totp_enabled_at: string | null };

export function toMemberView(row: MemberRow): MemberView {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role,
    twoFactor: row.totp_enabled_at !== null,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}
