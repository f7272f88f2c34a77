import { getChangelogEntry, listChangelog } from "../list.js";
import { createChangelogEntry, deleteChangelogEntry, updateChangelogEntry } from "../write.js";
import { defineOperation } from "../../../http/define-operation.js";
import { listOf } from "../../../platform/fields.js";
import { secretKey } from "../../../http/route-security.js";
import { ChangelogEntrySchema, CreateEntrySchema, ListChangelogQuery, UpdateEntrySchema, entryParam } from "../schema.js";

export const listChangelogOperation = defineOperation(
  {
    method: "get",
    path: "/changelog",
    operationId: "listChangelog",
    tag: "Changelog",
    summary: "List changelog entries",
    description: "Newest first, drafts and scheduled entries included unless `state` filters.",
    credential: secretKey("changelog:read"),
    query: ListChangelogQuery,
    answer: { status: 200, schema: listOf(ChangelogEntrySchema, "ChangelogEntryList"), description: "A page of entries." },
  },
  { verb: listChangelog },
);

export const getChangelogEntryOperation = defineOperation(
  {
    method: "get",
    path: "/changelog/{id}",
    operationId: "getChangelogEntry",
    tag: "Changelog",
    summary: "Get a changelog entry",
    credential: secretKey("changelog:read"),
    params: entryParam,
    answer: { status: 200, schema: ChangelogEntrySchema, description: "The entry." },
  },
  { verb: getChangelogEntry },
);

export const createChangelogEntryOperation = defineOperation(
  {
    method: "post",
    path: "/changelog",
    operationId: "createChangelogEntry",
    tag: "Changelog",
    summary: "Write a changelog entry",
    description: "A new entry is a draft; publish it with `POST /changelog/{id}/publish`.",
    credential: secretKey("changelog:write"),
    body: CreateEntrySchema,
    answer: { status: 201, schema: ChangelogEntrySchema, description: "The draft." },
  },
  { verb: createChangelogEntry },
);

export const updateChangelogEntryOperation = defineOperation(
  {
    method: "patch",
    path: "/changelog/{id}",
    operationId: "updateChangelogEntry",
    tag: "Changelog",
    summary: "Update a changelog entry",
    description: "`postIds` replaces the linked posts.",
    credential: secretKey("changelog:write"),
    params: entryParam,
    body: UpdateEntrySchema,
    answer: { status: 200, schema: ChangelogEntrySchema, description: "The entry." },
  },
  { verb: updateChangelogEntry },
);

export const deleteChangelogEntryOperation = defineOperation(
  {
    method: "delete",
    path: "/changelog/{id}",
    operationId: "deleteChangelogEntry",
    tag: "Changelog",
    summary: "Delete a changelog entry",
    credential: secretKey("changelog:write"),
    params: entryParam,
    answer: { status: 204, description: "Deleted." },
  },
  { verb: deleteChangelogEntry },
);
