import { createPost } from "../create.js";
import { defineOperation } from "../../../http/define-operation.js";
import { secretKey } from "../../../http/route-security.js";
import { CreatePostSchema, PostSchema } from "../schema.js";

export const createPostOperation = defineOperation(
  {
    method: "post",
    path: "/posts",
    operationId: "createPost",
    tag: "Posts",
    summary: "Create a post",
    description: "Emits `post.created`. Unknown fields are refused (400).",
    credential: secretKey("posts:write"),
    body: CreatePostSchema,
    answer: { status: 201, schema: PostSchema, description: "The new post." },
  },
  { verb: createPost },
);
