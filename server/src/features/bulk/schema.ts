import { z } from "@hono/zod-openapi";
import { idOf, timestamp } from "../../platform/fields.js";
import { ListPostsQuery } from "../posts/index.js";

/** The most posts one job changes: more is a filter to narrow first. */
export const MOST_POSTS_PER_JOB = 50_000;

/** The most ids a preview of a selection names. */
export const MOST_POSTS_PER_PREVIEW = 1_000;

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

const notify = z.boolean().default(true).openapi({
  description:
    "Whether a `status` action mails each changed post's followers (end users following it on a public board), as a single status change does: `true` unless `false` is sent. Other actions tell no end user.",
});

export type BulkFilters = z.output<typeof BulkFiltersSchema>;

export const CreateBulkJobSchema = z.strictObject({ filters: BulkFiltersSchema, action: BulkActionSchema, notify }).openapi("CreateBulkJob");

export const PreviewBulkJobSchema = z
  .strictObject({
    filters: BulkFiltersSchema.optional().openapi({ description: "Every post these filters match, as `POST /posts/bulk` would change them." }),
    postIds: z
      .array(idOf("post"))
      .min(1)
      .max(MOST_POSTS_PER_PREVIEW)
      .optional()
      .openapi({ description: `These posts (a selection, changed one by one), at most ${MOST_POSTS_PER_PREVIEW}.` }),
    action: BulkActionSchema,
  })
  .refine((body) => (body.filters === undefined) !== (body.postIds === undefined), {
    message: "Give either `filters` or `postIds`.",
    path: ["filters"],
  })
  .openapi("PreviewBulkJob");

export const BulkPreviewSchema = z
  .object({
    total: z.number().int().openapi({ description: "Posts it names (the filters' matches, or the ids that are live posts)." }),
    followerCount: z.number().int().openapi({
      description:
        "How many people it would mail with `notify: true`: distinct end users following a post it changes, each counted once (a `status` action only; fewer for a `complete` status when a changelog entry told them it shipped).",
    }),
  })
  .openapi("BulkPreview");

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
    notify: z.boolean().openapi({ description: "Whether its status changes mail the posts' followers." }),
    notified: z.number().int().openapi({
      description:
        "How many people its changes mail, each once, counted as it was made (0 with `notify: false`, or for an action that tells no end user). An undo withdraws what is not mailed yet.",
    }),
    createdAt: timestamp,
    finishedAt: timestamp.nullable(),
    undoneAt: timestamp.nullable(),
  })
  .openapi("BulkJob");

export const bulkJobParam = z.object({
  id: idOf("bulk").openapi({ param: { name: "id", in: "path" }, description: "The job's id (`bulk_…`)." }),
});
