// Posts and comments are written by an end user (`usr_…`) or a team member (`mem_…`); the prefix
// of author_id says which. Queries left-join both tables and select these columns.

import type { z } from "@hono/zod-openapi";
import type { AuthorSchema } from "./fields.js";

/** A post's or comment's author as the API shows it. */
export type AuthorView = z.output<typeof AuthorSchema>;

export interface AuthorColumns {
  author_id: string | null;
  user_name: string | null;
  user_avatar_url: string | null;
  member_name: string | null;
}

export function authorOf(row: AuthorColumns): AuthorView | null {
  if (!row.author_id) return null;
  if (row.author_id.startsWith("mem_")) {
    return row.member_name === null ? null : { type: "member", id: row.author_id, name: row.member_name, avatarUrl: null };
  }
  return { type: "user", id: row.author_id, name: row.user_name, avatarUrl: row.user_avatar_url };
}
