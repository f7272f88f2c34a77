import { listMergedPosts } from "../merged.js";
import { defineOperation } from "../../../http/define-operation.js";
import { postParam } from "../../../platform/fields.js";
import { secretKey } from "../../../http/route-security.js";
import { ListMergedPostsQuery, PostListSchema } from "../schema.js";

export const listMergedPostsOperation = defineOperation(
  {
    method: "get",
    path: "/posts/{id}/merged",
    operationId: "listMergedPosts",
    // Merging and unmerging change the workspace's version, which kept answers follow.
    cache: true,
    tag: "Posts",
    summary: "List the posts merged into a post",
    description:
      "The duplicates merged into this post (`POST /posts/{id}/merge` with `into` naming it), oldest first, keyset-paginated (follow `nextCursor` until it is `null`). Each has `mergedInto` set to this post and counts no votes of its own: its votes count here. Deleted ones are left out; a post merged into nothing answers an empty list.",
    credential: secretKey("posts:read"),
    params: postParam,
    query: ListMergedPostsQuery,
    answer: { status: 200, schema: PostListSchema, description: "A page of the posts merged into this one." },
  },
  { verb: listMergedPosts },
);
