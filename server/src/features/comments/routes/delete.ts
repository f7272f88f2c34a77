import { deleteComment } from "../delete.js";
import { defineOperation } from "../../../http/define-operation.js";
import { secretKey } from "../../../http/route-security.js";
import { commentParam } from "../schema.js";

export const deleteCommentOperation = defineOperation(
  {
    method: "delete",
    path: "/comments/{id}",
    operationId: "deleteComment",
    tag: "Comments",
    summary: "Delete a comment",
    description: "Soft delete; replies to it stay. Emits `comment.deleted`.",
    credential: secretKey("comments:write"),
    params: commentParam,
    answer: { status: 204, description: "Deleted." },
  },
  { verb: deleteComment },
);
