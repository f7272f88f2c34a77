import { updateComment } from "../update.js";
import { defineOperation } from "../../../http/define-operation.js";
import { secretKey } from "../../../http/route-security.js";
import { CommentSchema, commentParam, UpdateCommentSchema } from "../schema.js";

export const updateCommentOperation = defineOperation(
  {
    method: "patch",
    path: "/comments/{id}",
    operationId: "updateComment",
    tag: "Comments",
    summary: "Update a comment",
    description: "Edit the text, or move the comment between public and internal. Emits `comment.updated`.",
    credential: secretKey("comments:write"),
    params: commentParam,
    body: UpdateCommentSchema,
    answer: { status: 200, schema: CommentSchema, description: "The updated comment." },
  },
  { verb: updateComment },
);
