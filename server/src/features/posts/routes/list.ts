import { listPosts } from "../list.js";
import { defineOperation } from "../../../http/define-operation.js";
import { secretKey } from "../../../http/route-security.js";
import { ListPostsQuery, PostListSchema } from "../schema.js";

export const listPostsOperation = defineOperation(
  {
    method: "get",
    path: "/posts",
    operationId: "listPosts",
    // Which posts have been idle N days changes with the clock, not only with writes.
    cache: { exceptWith: ["inactiveDays"] },
    tag: "Posts",
    summary: "List posts",
    description: "Keyset-paginated: follow `nextCursor` until it is `null`. Merged and deleted posts are left out.",
    credential: secretKey("posts:read"),
    query: ListPostsQuery,
    answer: { status: 200, schema: PostListSchema, description: "A page of posts." },
  },
  { verb: listPosts },
);
