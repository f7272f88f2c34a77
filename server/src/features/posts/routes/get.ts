import { getPost } from "../get.js";
import { defineOperation } from "../../../http/define-operation.js";
import { postParam } from "../../../platform/fields.js";
import { secretKey } from "../../../http/route-security.js";
import { PostSchema } from "../schema.js";

export const getPostOperation = defineOperation(
  {
    method: "get",
    path: "/posts/{id}",
    operationId: "getPost",
    cache: true,
    tag: "Posts",
    summary: "Get a post",
    credential: secretKey("posts:read"),
    params: postParam,
    answer: { status: 200, schema: PostSchema, description: "The post." },
  },
  { verb: getPost },
);
