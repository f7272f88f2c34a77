import { z } from "@hono/zod-openapi";
import { defineOperation } from "../../../http/define-operation.js";
import { secretKey } from "../../../http/route-security.js";
import { idOf, postParam } from "../../../platform/fields.js";
import { createIssueLink, deleteIssueLink, listIssueLinks, sendCommentToIssues } from "../links.js";
import { CreateIssueLinkSchema, IssueLinkSchema, issueLinkParams } from "../schema.js";

export const listIssueLinksOperation = defineOperation(
  {
    method: "get",
    path: "/posts/{id}/issues",
    operationId: "listIssueLinks",
    tag: "Integrations",
    summary: "A post's linked issues",
    credential: secretKey("posts:read"),
    params: postParam,
    answer: { status: 200, schema: z.object({ data: z.array(IssueLinkSchema) }).openapi("IssueLinkList"), description: "The post's links, oldest first." },
  },
  { verb: listIssueLinks },
);

export const createIssueLinkOperation = defineOperation(
  {
    method: "post",
    path: "/posts/{id}/issues",
    operationId: "createIssueLink",
    tag: "Integrations",
    summary: "Create or link a tracker issue",
    description:
      "`create` makes an issue in a repository or team (the post's title unless `title` is given; its body, vote count, revenue and a link back); `reference` links an existing one. The link answers `pending` and becomes `linked` (or `failed`, with `error`) once GitHub or Linear has answered. A post may link several issues. While linked, the issue's state moves the post through the integration's `statusMapping`.",
    credential: secretKey("posts:write"),
    params: postParam,
    body: CreateIssueLinkSchema,
    answer: { status: 202, schema: IssueLinkSchema, description: "The link, pending." },
  },
  { verb: createIssueLink, idAs: "postId" },
);

export const deleteIssueLinkOperation = defineOperation(
  {
    method: "delete",
    path: "/posts/{id}/issues/{linkId}",
    operationId: "deleteIssueLink",
    tag: "Integrations",
    summary: "Unlink an issue",
    description: "The issue stays in the tracker; its state no longer moves the post.",
    credential: secretKey("posts:write"),
    params: issueLinkParams,
    answer: { status: 204, description: "Unlinked." },
  },
  { verb: deleteIssueLink },
);

export const sendCommentToIssuesOperation = defineOperation(
  {
    method: "post",
    path: "/posts/{id}/issues/comments",
    operationId: "sendCommentToIssues",
    tag: "Integrations",
    summary: "Post a comment to the linked issues",
    description:
      "The team's “sync” on a comment: it is posted (with a link back) to every issue the post is linked to, once per issue; asking again for the same comment sends nothing more.",
    credential: secretKey("comments:write"),
    params: postParam,
    body: z.strictObject({ commentId: idOf("cmt") }).openapi("SendCommentToIssues"),
    answer: {
      status: 202,
      schema: z.object({ queued: z.number().int().openapi({ description: "Issues it was queued for now." }) }).openapi("CommentSentToIssues"),
      description: "Queued.",
    },
  },
  { verb: sendCommentToIssues },
);
