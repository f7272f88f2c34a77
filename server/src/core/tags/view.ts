import type { TagsTable } from "../../db/schema.js";

export interface TagView {
  id: string;
  name: string;
  color: string;
  createdAt: string;
  updatedAt: string;
}

export function toTagView(row: TagsTable): TagView {
  return { id: row.id, name: row.name, color: row.color, createdAt: row.created_at, updatedAt: row.updated_at };
}
