import { z } from "@hono/zod-openapi";
import { idOf, idParam, integer, listOf, PageQuery, timestamp } from "../../platform/fields.js";
import { COLUMN_SET_MAX_CHARS } from "../../../../packages/shared/src/imports.js";
import { CsvMappingSchema, DateFormatSchema } from "./sources/csv/mapping.js";

/** Whether a query value is a JSON array of 1–1000 column names. */
function isColumnList(value: string): boolean {
  try {
    const parsed: unknown = JSON.parse(value);
    return Array.isArray(parsed) && parsed.length > 0 && parsed.length <= 1000 && parsed.every((c) => typeof c === "string");
  } catch {
    return false;
  }
}

const kindCounts = z.object({ created: z.number().int(), updated: z.number().int(), skipped: z.number().int() });
const KINDS = ["companies", "users", "posts", "votes", "comments", "changelog"] as const;
const namedCount = z.object({ name: z.string(), posts: z.number().int().openapi({ description: "How many of the imported posts carry it." }) });
const namesMade = z.array(namedCount).openapi({ description: "In the order first met; at most 200." });

export const ImportReportSchema = z
  .object({
    kinds: z.object(Object.fromEntries(KINDS.map((k) => [k, kindCounts])) as Record<(typeof KINDS)[number], typeof kindCounts>),
    problems: z.array(
      z.object({
        kind: z.enum(KINDS),
        code: z.string().openapi({
          description:
            "`already_imported`, `duplicate_id`, `post_not_found`, `user_not_found`, `missing_title`, `invalid_date`, `ambiguous_date`, `too_long`, …",
        }),
        message: z.string(),
        outcome: z.enum(["skipped", "kept", "blocking"]).openapi({
          description:
            "`skipped`: the row was left out; `kept`: it landed without that field, or with it cut; `blocking`: the import does not run while the row is in it (a date that does not read: `invalid_date`, or `ambiguous_date` until the column's format is chosen). Only a dry run reports `blocking`: the import stops at the first such row and keeps nothing.",
        }),
        count: z.number().int(),
        examples: z
          .array(z.object({ file: z.string(), row: z.number().int(), field: z.string().optional(), value: z.string().optional() }))
          .openapi({ description: "The first five places." }),
      }),
    ),
    dates: z
      .array(
        z.object({
          kind: z.enum(KINDS),
          field: z.string().openapi({ description: "Heed's field: `createdAt`." }),
          file: z.string(),
          column: z.string(),
          // A union with null, not .nullable(): that would make the named ImportDateFormat itself nullable.
          format: z.union([DateFormatSchema, z.null()]).openapi({ description: "The format the mapping gave; null: none, so it is the one the values allow." }),
          fits: z.array(DateFormatSchema).openapi({
            description: "The formats that read the column's values (a value no format reads, or only another, left aside: it is reported by row).",
          }),
          read: z.union([DateFormatSchema, z.null()]).openapi({
            description:
              "The format the column is read in: the one given, or the only one its values allow. Null: its values read two ways (`fits` has both) and the import asks, in `ambiguous_date` problems, for the format.",
          }),
          examples: z
            .array(
              z.object({
                row: z.number().int(),
                value: z.string(),
                readings: z.record(z.string(), z.string()).openapi({ description: "What the value reads as, by format: two when it reads two ways." }),
              }),
            )
            .openapi({ description: "The first three values as read; when the column asks, the first three that read two ways." }),
        }),
      )
      .openapi({ description: "How each date column of the files was read (none for Canny, whose dates are ISO 8601)." }),
    created: z
      .object({ boards: namesMade, statuses: namesMade, tags: namesMade })
      .openapi({ description: "The boards, statuses and tags the import makes (a dry run: would make), by name, with how many posts carry each." }),
    statuses: z
      .array(
        namedCount.extend({
          outcome: z.enum(["matched", "mapped", "created"]).openapi({
            description:
              "`matched`: the workspace's status of that name (any case); `mapped`: the status the mapping's `statuses` gives it; `created`: a status of that name is made.",
          }),
          statusId: idOf("sts").nullable().openapi({ description: "The workspace's status the posts get; null when it is made." }),
        }),
      )
      .openapi({ description: "Each status the posts name, in the order first met (at most 200), and what it becomes." }),
    preview: z
      .record(z.string(), z.array(z.record(z.string(), z.unknown())))
      .optional()
      .openapi({ description: "The first rows of each kind as they land, when a preview was asked for." }),
  })
  .openapi("ImportReport", { description: "Created, updated (matched and filled in) and skipped per kind; each problem with its count and first places." });

export const ImportSchema = z
  .object({
    id: idOf("imp"),
    source: z.enum(["canny", "uservoice", "csv"]),
    dryRun: z.boolean().openapi({ description: "A dry run decides every row and writes nothing: its report is what the import would do." }),
    state: z
      .enum(["queued", "running", "done", "failed", "cancelled", "undoing", "undone"])
      .openapi({ description: "`queued` → `running` → `done` (or `failed` / `cancelled`, with nothing kept); a done import may be undone." }),
    phase: z
      .string()
      .nullable()
      .openapi({ description: "What is being read: `companies`, `users`, `posts`, `votes`, `comments`, `changelog`, then `finishing`." }),
    done: z.number().int(),
    total: z.number().int().openapi({ description: "`done` of `total` is the progress, in the source's unit (bytes of the files, pages of an API)." }),
    report: ImportReportSchema,
    files: z.record(z.string(), idOf("upl")).openapi({ description: "The uploaded files it reads, by kind (CSV imports)." }),
    // The column mapping it used (CSV imports), which `mappingFrom` reuses; null for Canny.
    mapping: z.union([CsvMappingSchema, z.null()]),
    error: z.string().nullable(),
    createdAt: timestamp,
    finishedAt: timestamp.nullable(),
    undoneAt: timestamp.nullable(),
  })
  .openapi("Import");

export const ImportListSchema = listOf(ImportSchema, "ImportList");
export const ListImportsQuery = z.object(PageQuery);
export const importParam = idParam("imp", "import");

const uploadId = idOf("upl");
const common = {
  dryRun: z.boolean().default(false).openapi({ description: "Decide every row and write nothing: the report says what the import would do." }),
  preview: integer(0, 50).optional().openapi({ description: "Keep the first rows of each kind as they land (or would) in the report." }),
};

export const CreateImportSchema = z
  .union([
    z.strictObject({
      source: z.literal("canny"),
      apiKey: z
        .string()
        .trim()
        .min(1)
        .max(200)
        .openapi({ description: "The Canny account's API key (Settings → API & Webhooks). Held until the import ends, never shown." }),
      ...common,
    }),
    z.strictObject({
      source: z.enum(["csv", "uservoice"]),
      files: z
        .strictObject({
          companies: uploadId.optional(),
          users: uploadId.optional(),
          posts: uploadId.optional(),
          votes: uploadId.optional(),
          comments: uploadId.optional(),
        })
        .refine((files) => Object.values(files).some(Boolean), "Name at least one uploaded file."),
      mapping: CsvMappingSchema.optional().openapi({ description: "Over the source's own columns (Heed's export for `csv`, UserVoice's for `uservoice`)." }),
      mappingFrom: idOf("imp").optional().openapi({ description: "Use the mapping an earlier import of the workspace used (a saved mapping)." }),
      ...common,
    }),
  ])
  .openapi("CreateImport");

export const UploadSchema = z
  .object({ id: uploadId, name: z.string(), bytes: z.number().int(), createdAt: timestamp, expiresAt: timestamp })
  .openapi("ImportUpload", { description: "A CSV file kept a day for an import to read." });

export const UploadQuery = z.object({
  name: z
    .string()
    .trim()
    .min(1)
    .max(200)
    .regex(/^[^/\\]+$/, "A file name, without a path.")
    .refine((name) => [...name].every((c) => c.charCodeAt(0) >= 32 && c.charCodeAt(0) !== 127), "A file name, without control characters.")
    .default("upload.csv")
    .openapi({ description: "The file's name, for the report (`posts.csv`)." }),
});

export const FindImportMappingQuery = z.object({
  source: z.enum(["csv", "uservoice"]).openapi({ description: "The import's source: `csv` (any columns) or `uservoice`." }),
  kind: z.enum(["companies", "users", "posts", "votes", "comments"]).openapi({ description: "The kind of file." }),
  columns: z.string().max(COLUMN_SET_MAX_CHARS).refine(isColumnList, 'A JSON array of the file\'s column names (`["Ticket","Subject"]`).').openapi({
    description:
      "The file's header, as a JSON array of its column names. Names are compared trimmed, in any case and order, so the same columns in another order are the same set.",
  }),
});

export const SavedImportMappingSchema = z
  .object({
    source: z.enum(["csv", "uservoice"]),
    kind: z.enum(["companies", "users", "posts", "votes", "comments"]),
    columns: z.array(z.string()).openapi({ description: "The set of columns it was kept for: trimmed, lower-cased, sorted." }),
    mapping: CsvMappingSchema.openapi({
      description: "The kind's fields as last mapped, and (posts) the status names as last mapped (statuses deleted since left out).",
    }),
    importId: idOf("imp").openapi({ description: "The import (or dry run) that used it last." }),
    savedAt: timestamp,
  })
  .openapi("SavedImportMapping");

export const FoundImportMappingSchema = z
  .object({
    // A union with null, not .nullable(): that would make the named SavedImportMapping itself nullable.
    saved: z.union([SavedImportMappingSchema, z.null()]).openapi({ description: "Null: no import of this workspace read a file with these columns." }),
  })
  .openapi("FoundImportMapping");
