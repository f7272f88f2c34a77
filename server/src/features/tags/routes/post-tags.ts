import { addPostTag, removePostTag } from "../post-tags.js";
import { defineOperation } from "../../../http/define-operation.js";
import { postParam } from "../../../platform/fields.js";
import { secretKey } from "../../../http/route-security.js";
import { PostSchema } from "../../posts/index.js";
import { TagPostSchema, postTagParams } from "../schema.js";

export const addPostTagOperation = defineOperation(
  {
    method: "post",
    path: "/posts/{id}/tags",
    operationId: "addPostTag",
    tag: "Tags",
    summary: "Tag a post",
    description: "Adding a tag the post has changes nothing. Emits `post.updated`.",
    credential: secretKey("posts:write"),
    params: postParam,
    body: TagPostSchema,
    answer: { status: 200, schema: PostSchema, description: "The post with its tags." },
  },
  { verb: addPostTag, idAs: "postId" },
);

export const removePostTagOperation = defineOperation(
  {
    method: "delete",
    path: "/posts/{id}/tags/{tagId}",
    operationId: "removePostTag",
    tag: "Tags",
    summary: "Untag a post",
    description: "404 when the post does not have the tag. Emits `post.updated`.",
    credential: secretKey("posts:write"),
    params: postTagParams,
    answer: { status: 204, description: "Removed." },
  },
  { verb: removePostTag, idAs: "postId" },
);
