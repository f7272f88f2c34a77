import { z } from "@hono/zod-openapi";
import { listTags } from "../list.js";
import { createTag, deleteTag, updateTag } from "../write.js";
import { defineOperation } from "../../../http/define-operation.js";
import { PageQuery } from "../../../platform/fields.js";
import { secretKey } from "../../../http/route-security.js";
import { CreateTagSchema, TagListSchema, TagSchema, UpdateTagSchema, tagParam } from "../schema.js";

// The four tag operations are one-liners over their verbs, so they share this file.

export const listTagsOperation = defineOperation(
  {
    method: "get",
    path: "/tags",
    operationId: "listTags",
    cache: true,
    tag: "Tags",
    summary: "List tags",
    description: "Alphabetical.",
    credential: secretKey("boards:read"),
    query: z.object(PageQuery),
    answer: { status: 200, schema: TagListSchema, description: "A page of tags." },
  },
  { verb: listTags },
);

export const createTagOperation = defineOperation(
  {
    method: "post",
    path: "/tags",
    operationId: "createTag",
    tag: "Tags",
    summary: "Create a tag",
    description: "Names are unique in the workspace (409).",
    credential: secretKey("boards:write"),
    body: CreateTagSchema,
    answer: { status: 201, schema: TagSchema, description: "The new tag." },
  },
  { verb: createTag },
);

export const updateTagOperation = defineOperation(
  {
    method: "patch",
    path: "/tags/{id}",
    operationId: "updateTag",
    tag: "Tags",
    summary: "Update a tag",
    credential: secretKey("boards:write"),
    params: tagParam,
    body: UpdateTagSchema,
    answer: { status: 200, schema: TagSchema, description: "The updated tag." },
  },
  { verb: updateTag },
);

export const deleteTagOperation = defineOperation(
  {
    method: "delete",
    path: "/tags/{id}",
    operationId: "deleteTag",
    tag: "Tags",
    summary: "Delete a tag",
    description: "Takes the tag off every post.",
    credential: secretKey("boards:write"),
    params: tagParam,
    answer: { status: 204, description: "Deleted." },
  },
  { verb: deleteTag },
);
