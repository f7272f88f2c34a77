import { restoreComment } from "../restore.js";
import { defineOperation } from "../../../http/define-operation.js";
import { secretKey } from "../../../http/route-security.js";
import { CommentSchema, commentParam } from "../schema.js";

export const restoreCommentOperation = defineOperation(
  {
    method: "post",
    path: "/comments/{id}/restore",
    operationId: "restoreComment",
    tag: "Comments",
    summary: "Restore a deleted comment",
    description:
      "Brings back a deleted comment, counted again; emits `comment.updated`. A rejected comment comes back waiting for approval, with no event. Restoring a comment that is not deleted changes nothing.",
    credential: secretKey("comments:write"),
    params: commentParam,
    answer: { status: 200, schema: CommentSchema, description: "The restored comment." },
  },
  { verb: restoreComment },
);
