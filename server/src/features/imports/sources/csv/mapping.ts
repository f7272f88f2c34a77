import { z } from "@hono/zod-openapi";
import type { CsvKind } from "../../model.js";

// Which column of a file holds which of Heed's fields. A mapping names, per kind, the column for
// each field; fields left out are not read. `tags` may name several columns (UserVoice keeps the
// category and the labels apart), each cell split on commas. Two mappings come built in: Heed's own
// export (so an export imports back) and UserVoice's export columns.

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

const column = z.string().min(1).max(200);
const kindMapping = <K extends CsvKind>(kind: K) =>
  z.partialRecord(z.enum(MAPPED_FIELDS[kind]), kind === "posts" ? z.union([column, z.array(column).min(1).max(5)]) : column);

export const CsvMappingSchema = z
  .strictObject({
    companies: kindMapping("companies").optional(),
    users: kindMapping("users").optional(),
    posts: kindMapping("posts").optional(),
    votes: kindMapping("votes").optional(),
    comments: kindMapping("comments").optional(),
  })
  .openapi("ImportMapping", {
    description:
      'Per kind of file, the column that holds each of Heed\'s fields (`{ "posts": { "title": "Subject" } }`); `posts.tags` may name several columns. Fields left out are not read; a file\'s mapping must name its required fields (posts: `title`; votes: `postRef`; users: `ref`; companies: `ref`, `name`; comments: `ref`, `postRef`, `body`).',
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

/**
 * UserVoice's export columns: the ideas export (`suggestion.*`, a merged idea's `parent.id`), and
 * its voters as a user export of ideas (`suggestion.id` beside `user.*`).
 */
export const USERVOICE_MAPPING: CsvMapping = {
  posts: {
    ref: "suggestion.id",
    title: "suggestion.title",
    body: "suggestion.body",
    board: "suggestion.forum.name",
    status: "suggestion.status.name",
    tags: ["suggestion.category.name", "suggestion.labels.name"],
    createdAt: "suggestion.created_timestamp",
    mergedIntoRef: "suggestion.parent.id",
  },
  votes: { postRef: "suggestion.id", userRef: "user.id", userEmail: "user.email_address", userName: "user.name", createdAt: "supporter.created_timestamp" },
  users: { ref: "user.id", email: "user.email_address", name: "user.name", createdAt: "user.created_timestamp" },
};

/** A mapping given over a preset: each kind's fields replace the preset's fields of that kind. */
export function mappingOver(preset: CsvMapping, given: CsvMapping | undefined): CsvMapping {
  const merged: CsvMapping = { ...preset };
  for (const [kind, fields] of Object.entries(given ?? {}) as [CsvKind, Record<string, string>][]) {
    (merged as Record<string, unknown>)[kind] = { ...(preset[kind] ?? {}), ...fields };
  }
  return merged;
}
