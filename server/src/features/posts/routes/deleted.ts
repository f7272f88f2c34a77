import { listDeletedPosts } from "../deleted.js";
import { defineOperation } from "../../../http/define-operation.js";
import { secretKey } from "../../../http/route-security.js";
import { DeletedPostListSchema, ListDeletedPostsQuery } from "../schema.js";

export const listDeletedPostsOperation = defineOperation(
  {
    method: "get",
    path: "/posts/deleted",
    operationId: "listDeletedPosts",
    // Deleting, rejecting and restoring change the workspace's version, which kept answers follow.
    cache: true,
    tag: "Posts",
    summary: "List deleted posts",
    description:
      "The trash: deleted and rejected posts, the last deleted first, keyset-paginated (follow `nextCursor` until it is `null`). Each stays restorable with `POST /posts/{id}/restore` until the workspace is deleted.",
    credential: secretKey("posts:read"),
    query: ListDeletedPostsQuery,
    answer: { status: 200, schema: DeletedPostListSchema, description: "A page of deleted posts." },
  },
  { verb: listDeletedPosts },
);
