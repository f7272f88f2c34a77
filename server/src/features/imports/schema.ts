import { z } from "@hono/zod-openapi";
import { idOf, idParam, integer, listOf, PageQuery, timestamp } from "../../platform/fields.js";
import { CsvMappingSchema } from "./sources/csv/mapping.js";

const kindCounts = z.object({ created: z.number().int(), updated: z.number().int(), skipped: z.number().int() });
const KINDS = ["companies", "users", "posts", "votes", "comments", "changelog"] as const;

export const ImportReportSchema = z
  .object({
    kinds: z.object(Object.fromEntries(KINDS.map((k) => [k, kindCounts])) as Record<(typeof KINDS)[number], typeof kindCounts>),
    problems: z.array(
      z.object({
        kind: z.enum(KINDS),
        code: z
          .string()
          .openapi({ description: "`already_imported`, `duplicate_id`, `post_not_found`, `user_not_found`, `missing_title`, `invalid_date`, `too_long`, …" }),
        message: z.string(),
        outcome: z.enum(["skipped", "kept"]).openapi({ description: "`skipped`: the row was left out; `kept`: it landed without that field, or with it cut." }),
        count: z.number().int(),
        examples: z
          .array(z.object({ file: z.string(), row: z.number().int(), field: z.string().optional(), value: z.string().optional() }))
          .openapi({ description: "The first five places." }),
      }),
    ),
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
