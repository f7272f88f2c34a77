import { updatePost } from "../update.js";
import { defineOperation } from "../../../http/define-operation.js";
import { postParam } from "../../../platform/fields.js";
import { secretKey } from "../../../http/route-security.js";
import { UpdatedPostSchema, UpdatePostSchema } from "../schema.js";

export const updatePostOperation = defineOperation(
  {
    method: "patch",
    path: "/posts/{id}",
    operationId: "updatePost",
    tag: "Posts",
    summary: "Update a post",
    description:
      "Changes only the fields given. Emits `post.updated`, and `post.status_changed` when the status changes, which mails the post's followers unless `notify` is `false`; `notified` says how many it mails.",
    credential: secretKey("posts:write"),
    params: postParam,
    body: UpdatePostSchema,
    answer: { status: 200, schema: UpdatedPostSchema, description: "The updated post, and how many its status change mails." },
  },
  async (c) => c.json(await updatePost({ ctx: c.get("ctx"), input: { id: c.req.valid("param").id, patch: c.req.valid("json") } }), 200),
);
