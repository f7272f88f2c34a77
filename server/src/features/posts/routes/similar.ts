import { listSimilarPosts } from "../similar.js";
import { dismissPossibleDuplicate } from "../duplicates/dismiss.js";
import { defineOperation } from "../../../http/define-operation.js";
import { postParam } from "../../../platform/fields.js";
import { secretKey } from "../../../http/route-security.js";
import { DismissDuplicateSchema, PostSchema, SimilarPostListSchema, SimilarPostsQuery } from "../schema.js";

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
  },
  { verb: listSimilarPosts },
);

export const dismissPossibleDuplicateOperation = defineOperation(
  {
    method: "post",
    path: "/posts/{id}/dismiss-duplicate",
    operationId: "dismissPossibleDuplicate",
    tag: "Posts",
    summary: "Say a post is not a duplicate",
    description:
      "Dismisses the suggestion that this post repeats `duplicateOfId`: it is never offered again for this post, even after the post is retitled and checked anew; the next closest suggestion, if any, becomes `possibleDuplicateOf`. Dismissing again changes nothing. 404 when no such suggestion was made.",
    credential: secretKey("posts:write"),
    params: postParam,
    body: DismissDuplicateSchema,
    answer: { status: 200, schema: PostSchema, description: "The post, with its next possible duplicate or none." },
  },
  { verb: dismissPossibleDuplicate },
);
