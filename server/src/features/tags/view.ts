import type { z } from "@hono/zod-openapi";
import type { TagsTable } from "../../platform/db/schema.js";
import type { TagSchema } from "./schema.js";

/** A tag as the API shows it. */
export type TagView = z.output<typeof TagSchema>;

export function toTagView(row: TagsTable): TagView {
  return { id: row.id, name: row.name, color: row.color, createdAt: row.created_at, updatedAt: row.updated_at };
}
