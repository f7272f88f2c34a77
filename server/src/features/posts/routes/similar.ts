import { listSimilarPosts } from "../similar.js";
import { defineOperation } from "../../../http/define-operation.js";
import { postParam } from "../../../platform/fields.js";
import { secretKey } from "../../../http/route-security.js";
import { SimilarPostListSchema, SimilarPostsQuery } from "../schema.js";

export const listSimilarPostsOperation = defineOperation(
  {
    method: "get",
    path: "/posts/{id}/similar",
    operationId: "listSimilarPosts",
    tag: "Posts",
    summary: "Posts like this one",
    description:
      "The posts most like this one (private boards included; merged and deleted posts left out), most alike first: those holding at least half of its title's words, by stem, a small typo forgiven. `possibleDuplicate` marks those whose titles say the same thing both ways. One page: `nextCursor` is always null.",
    credential: secretKey("posts:read"),
    params: postParam,
    query: SimilarPostsQuery,
    answer: { status: 200, schema: SimilarPostListSchema, description: "The similar posts." },
    errors: ["not_found"],
  },
  { verb: listSimilarPosts },
);
