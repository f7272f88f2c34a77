import { updatePost } from "../update.js";
import { defineOperation } from "../../../http/define-operation.js";
import { postParam } from "../../../platform/fields.js";
import { secretKey } from "../../../http/route-security.js";
import { PostSchema, UpdatePostSchema } from "../schema.js";

export const updatePostOperation = defineOperation(
  {
    method: "patch",
    path: "/posts/{id}",
    operationId: "updatePost",
    tag: "Posts",
    summary: "Update a post",
    description: "Changes only the fields given. Emits `post.updated`, and `post.status_changed` when the status changes.",
    credential: secretKey("posts:write"),
    params: postParam,
    body: UpdatePostSchema,
    answer: { status: 200, schema: PostSchema, description: "The updated post." },
  },
  async (c) => c.json(await updatePost({ ctx: c.get("ctx"), input: { id: c.req.valid("param").id, patch: c.req.valid("json") } }), 200),
);
