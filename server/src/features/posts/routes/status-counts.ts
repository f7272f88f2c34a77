import { countPostsByStatus } from "../status-counts.js";
import { defineOperation } from "../../../http/define-operation.js";
import { secretKey } from "../../../http/route-security.js";
import { CountPostsByStatusQuery, PostStatusCountsSchema } from "../schema.js";

export const countPostsByStatusOperation = defineOperation(
  {
    method: "get",
    path: "/posts/status-counts",
    operationId: "countPostsByStatus",
    tag: "Posts",
    summary: "Count posts per status",
    description:
      "How many posts each status holds among those the filters select (the filters of `GET /posts` but the status). Merged and deleted posts are left out.",
    credential: secretKey("posts:read"),
    query: CountPostsByStatusQuery,
    answer: { status: 200, schema: PostStatusCountsSchema, description: "Every status with its count." },
  },
  { verb: countPostsByStatus },
);
