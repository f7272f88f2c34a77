import { getComment } from "../read.js";
import { defineOperation } from "../../../http/define-operation.js";
import { secretKey } from "../../../http/route-security.js";
import { CommentSchema, commentParam } from "../schema.js";

export const getCommentOperation = defineOperation(
  {
    method: "get",
    path: "/comments/{id}",
    operationId: "getComment",
    tag: "Comments",
    summary: "Get a comment",
    credential: secretKey("comments:read"),
    params: commentParam,
    answer: { status: 200, schema: CommentSchema, description: "The comment." },
  },
  { verb: getComment },
);
