import type { MembersTable } from "../../db/schema.js";

export type Role = "owner" | "admin" | "member";

export interface MemberView {
  id: string;
  email: string;
  name: string;
  role: Role;
  createdAt: string;
  updatedAt: string;
}

export function toMemberView(row: MembersTable): MemberView {
  return { id: row.id, email: row.email, name: row.name, role: row.role, createdAt: row.created_at, updatedAt: row.updated_at };
}
