import { z } from "@hono/zod-openapi";
import { idOf, timestamp } from "../../platform/fields.js";
import { ListPostsQuery } from "../posts/index.js";

/** The most posts one job changes: more is a filter to narrow first. */
export const MOST_POSTS_PER_JOB = 50_000;

export const BulkActionSchema = z
  .discriminatedUnion("kind", [
    z.strictObject({ kind: z.literal("status"), statusId: idOf("sts") }),
    z.strictObject({ kind: z.literal("tag"), tagId: idOf("tag") }),
    z.strictObject({ kind: z.literal("untag"), tagId: idOf("tag") }),
    z.strictObject({ kind: z.literal("board"), boardId: idOf("brd") }),
    z.strictObject({ kind: z.literal("owner"), ownerId: idOf("mem").nullable() }),
  ])
  .openapi("BulkAction", { description: "What to do to each post: set a status, add or remove a tag, move to a board, assign an owner (or none)." });

export type BulkAction = z.output<typeof BulkActionSchema>;

/** GET /posts's filters, without the page and the sort: which posts, not in which order. */
export const BulkFiltersSchema = z
  .strictObject(ListPostsQuery.omit({ limit: true, cursor: true, sort: true }).shape)
  .openapi("BulkFilters", { description: "The filters of `GET /posts` (no sort, no page): every post they match, not one page of them." });

export const CreateBulkJobSchema = z.strictObject({ filters: BulkFiltersSchema, action: BulkActionSchema }).openapi("CreateBulkJob");

export const BulkJobSchema = z
  .object({
    id: idOf("bulk"),
    state: z.enum(["queued", "running", "done", "failed", "undoing", "undone"]).openapi({
      description: "`queued` → `running` → `done`; after an undo, `undoing` → `undone`.",
    }),
    action: BulkActionSchema,
    filters: BulkFiltersSchema,
    total: z.number().int().openapi({ description: "Posts the filters matched when the job was made: the posts it acts on." }),
    done: z.number().int().openapi({ description: "Posts looked at so far." }),
    changed: z.number().int().openapi({ description: "Posts it changed (the rest held what it sets already, or were deleted or merged meanwhile)." }),
    undone: z.number().int().openapi({ description: "Changed posts put back by an undo (a post changed again since is left as it is)." }),
    createdAt: timestamp,
    finishedAt: timestamp.nullable(),
    undoneAt: timestamp.nullable(),
  })
  .openapi("BulkJob");

export const bulkJobParam = z.object({
  id: idOf("bulk").openapi({ param: { name: "id", in: "path" }, description: "The job's id (`bulk_…`)." }),
});
