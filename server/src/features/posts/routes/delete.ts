import { deletePost } from "../delete.js";
import { defineOperation } from "../../../http/define-operation.js";
import { postParam } from "../../../platform/fields.js";
import { secretKey } from "../../../http/route-security.js";

export const deletePostOperation = defineOperation(
  {
    method: "delete",
    path: "/posts/{id}",
    operationId: "deletePost",
    tag: "Posts",
    summary: "Delete a post",
    description: "Soft delete: the post leaves every list and read; its votes and comments are kept. Emits `post.deleted`.",
    credential: secretKey("posts:write"),
    params: postParam,
    answer: { status: 204, description: "Deleted." },
  },
  { verb: deletePost },
);
