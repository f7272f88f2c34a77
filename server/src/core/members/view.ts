import type { z } from "@hono/zod-openapi";
import type { MembersTable } from "../../db/schema.js";
import type { MemberSchema, role } from "../../schemas/members.js";

export type Role = z.output<typeof role>;

/** A team member as the API shows it. */
export type MemberView = z.output<typeof MemberSchema>;

export function toMemberView(row: MembersTable): MemberView {
  return { id: row.id, email: row.email, name: row.name, role: row.role, createdAt: row.created_at, updatedAt: row.updated_at };
}
