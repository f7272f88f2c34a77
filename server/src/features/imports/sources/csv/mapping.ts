import { z } from "@hono/zod-openapi";
import { USERVOICE_COLUMNS } from "../../../../../../packages/shared/src/imports.js";
import { idOf } from "../../../../platform/fields.js";
import { DATE_FORMAT_WORDS, DATE_FORMATS, type DateFormat } from "../../dates.js";
import type { CsvKind } from "../../model.js";

// Which column of a file holds which of Heed's fields. A mapping names, per kind, the column for
// each field; fields left out are not read. `tags` may name several columns (UserVoice keeps the
// category and the labels apart), each cell split on commas. A date field may also say the format
// its column is written in; without one, the format is the one the column's values allow. Two
// mappings come built in: Heed's own export (so an export imports back) and UserVoice's export columns.

export const MAPPED_FIELDS = {
  companies: ["ref", "name", "monthlySpend", "createdAt"],
  users: ["ref", "externalId", "email", "name", "companyRef", "createdAt"],
  posts: ["ref", "board", "title", "body", "status", "tags", "authorRef", "authorEmail", "createdAt", "mergedIntoRef"],
  votes: ["postRef", "userRef", "userEmail", "userName", "createdAt"],
  comments: ["ref", "postRef", "parentRef", "authorRef", "body", "internal", "createdAt"],
} as const satisfies Record<CsvKind, readonly string[]>;

/** Fields a file of that kind cannot do without: its mapping must name a column for each. */
export const REQUIRED_FIELDS: Record<CsvKind, string[]> = {
  companies: ["ref", "name"],
  users: ["ref"],
  posts: ["title"],
  votes: ["postRef"],
  comments: ["ref", "postRef", "body"],
};

/** The fields that hold a date (read under a format: dates.ts). */
export const DATE_FIELDS = ["createdAt"] as const;

const column = z.string().min(1).max(200);

export const DateFormatSchema = z.enum(DATE_FORMATS).openapi("ImportDateFormat", {
  description: `How a date column is written: ${DATE_FORMATS.map((f) => `\`${f}\`: ${DATE_FORMAT_WORDS[f]}`).join("; ")}.`,
});

const dateColumn = z.union([
  column,
  z
    .strictObject({
      column: column.optional().openapi({ description: "The column; left out, the source's own (Heed's export's or UserVoice's) for this field." }),
      format: DateFormatSchema,
    })
    .openapi("ImportDateColumn", {
      description:
        "A date field's column and the format it is written in. A column named alone (a string) is read in the one format its values allow; when they fit two (`01/05/2024` is a day/month/year and a month/day/year date) the import asks for the format and does not run until it is given.",
    }),
]);

function kindMapping<K extends CsvKind>(kind: K) {
  const value = (field: string) =>
    (DATE_FIELDS as readonly string[]).includes(field)
      ? dateColumn
      : kind === "posts" && field === "tags"
        ? z.union([column, z.array(column).min(1).max(5)])
        : column;
  const shape = Object.fromEntries(MAPPED_FIELDS[kind].map((field) => [field, value(field).optional()]));
  return z.strictObject(shape as { [F in (typeof MAPPED_FIELDS)[K][number]]: z.ZodOptional<ReturnType<typeof value>> });
}

export const CsvMappingSchema = z
  .strictObject({
    companies: kindMapping("companies").optional(),
    users: kindMapping("users").optional(),
    posts: kindMapping("posts").optional(),
    votes: kindMapping("votes").optional(),
    comments: kindMapping("comments").optional(),
    statuses: z
      .record(z.string().trim().min(1).max(200), idOf("sts"))
      .refine((statuses) => Object.keys(statuses).length <= 500, "At most 500 statuses.")
      .optional()
      .openapi({
        description:
          'A status the posts name (any case) → the workspace\'s status it becomes (`{ "Shipped": "sts_…" }`). A name left out is matched to the status of that name, or made.',
      }),
  })
  .openapi("ImportMapping", {
    description:
      'Per kind of file, the column that holds each of Heed\'s fields (`{ "posts": { "title": "Subject" } }`); `posts.tags` may name several columns. `statuses` maps the posts\' status names to the workspace\'s statuses. `createdAt` may give the format its column is written in (`{ "createdAt": { "column": "When", "format": "dayMonthYear" } }`, or `{ "format": "dayMonthYear" }` for the source\'s own column): see ImportDateColumn. Fields left out are not read; a file\'s mapping must name its required fields (posts: `title`; votes: `postRef`; users: `ref`; companies: `ref`, `name`; comments: `ref`, `postRef`, `body`).',
  });

export type CsvMapping = z.output<typeof CsvMappingSchema>;

/** The columns Heed's own export writes (posts.csv, votes.csv, users.csv). */
export const HEED_EXPORT_MAPPING: CsvMapping = {
  companies: { ref: "id", name: "name", monthlySpend: "monthly_spend", createdAt: "created_at" },
  users: { ref: "id", externalId: "external_id", email: "email", name: "name", companyRef: "company_id", createdAt: "created_at" },
  posts: {
    ref: "id",
    board: "board",
    title: "title",
    body: "body",
    status: "status",
    tags: "tags",
    authorRef: "author_id",
    authorEmail: "author_email",
    createdAt: "created_at",
    mergedIntoRef: "merged_into_id",
  },
  votes: { postRef: "post_id", userRef: "user_id", createdAt: "created_at" },
  comments: { ref: "id", postRef: "post_id", parentRef: "parent_id", authorRef: "author_id", body: "body", internal: "internal", createdAt: "created_at" },
};

/** UserVoice's export columns (packages/shared, which the dashboard lists them from). */
export const USERVOICE_MAPPING: CsvMapping = {
  posts: { ...USERVOICE_COLUMNS.posts, tags: [...USERVOICE_COLUMNS.posts.tags] },
  votes: { ...USERVOICE_COLUMNS.votes },
  users: { ...USERVOICE_COLUMNS.users },
};

type MappedValue = string | string[] | { column?: string; format: DateFormat };
type KindFields = Record<string, MappedValue | undefined>;

/** The fields of one kind of file, as one shape whatever the kind. */
export const fieldsOf = (mapping: CsvMapping, kind: CsvKind): KindFields => (mapping[kind] ?? {}) as KindFields;

/** The kinds a mapping gives columns for (`statuses` maps values, not columns). */
const kindsOf = (mapping: CsvMapping | undefined): CsvKind[] => Object.keys(mapping ?? {}).filter((key) => key !== "statuses") as CsvKind[];

/** The column (or columns) a field is read from, if any. */
export function columnsOf(value: MappedValue | undefined): string | string[] | undefined {
  return value === undefined || typeof value === "string" || Array.isArray(value) ? value : value.column;
}

/** The format a date field's column was given in, if any. */
export const formatOf = (value: MappedValue | undefined): DateFormat | undefined =>
  value === undefined || typeof value === "string" || Array.isArray(value) ? undefined : value.format;

/**
 * A mapping given over a preset (or a saved one): each kind's fields replace the preset's fields of
 * that kind, and a date format given without a column is the format of the preset's column.
 */
export function mappingOver(preset: CsvMapping, given: CsvMapping | undefined): CsvMapping {
  const merged: Record<string, unknown> = { ...preset };
  if (given?.statuses) merged.statuses = { ...preset.statuses, ...given.statuses };
  for (const kind of kindsOf(given)) {
    const before = fieldsOf(preset, kind);
    const fields: KindFields = { ...before };
    for (const [field, value] of Object.entries(fieldsOf(given!, kind))) {
      const column = columnsOf(value) ?? columnsOf(before[field]);
      const format = formatOf(value);
      fields[field] = format === undefined ? value : typeof column === "string" ? { column, format } : { format };
    }
    merged[kind] = fields;
  }
  return merged as CsvMapping;
}

/** Whether a mapping names any column (rather than only giving date formats for the source's own). */
export function namesColumns(mapping: CsvMapping | undefined): boolean {
  return kindsOf(mapping).some((kind) => Object.values(fieldsOf(mapping!, kind)).some((value) => columnsOf(value) !== undefined));
}
