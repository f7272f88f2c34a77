import { createComment } from "../create.js";
import { defineOperation } from "../../../http/define-operation.js";
import { postParam } from "../../../platform/fields.js";
import { secretKey } from "../../../http/route-security.js";
import { CommentSchema, CreateCommentSchema } from "../schema.js";

export const createCommentOperation = defineOperation(
  {
    method: "post",
    path: "/posts/{id}/comments",
    operationId: "createComment",
    tag: "Comments",
    summary: "Comment on a post",
    description:
      "Public or internal; `parentId` replies to a top-level comment (one level deep; a reply to an internal comment must be internal). The team may comment on locked posts. Emits `comment.created`.",
    credential: secretKey("comments:write"),
    params: postParam,
    body: CreateCommentSchema,
    answer: { status: 201, schema: CommentSchema, description: "The new comment." },
  },
  { verb: createComment, idAs: "postId" },
);
