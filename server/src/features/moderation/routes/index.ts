import type { Operation } from "../../../http/define-operation.js";
import { defineOperation } from "../../../http/define-operation.js";
import { secretKey } from "../../../http/route-security.js";
import { moderateComments, moderatePosts } from "../decide.js";
import { ModerateCommentsSchema, ModeratePostsSchema, ModerationResultSchema } from "../schema.js";

const common =
  "Up to 100 ids, all decided or none: an unknown id is a 400 at its place, approving a rejected one or rejecting an approved one a 409. One decided already the same way is left as it is, so a retry is harmless.";

export const moderatePostsOperation = defineOperation(
  {
    method: "post",
    path: "/posts/moderate",
    operationId: "moderatePosts",
    tag: "Moderation",
    summary: "Approve or reject held posts",
    description: `Posts waiting for approval (\`GET /posts?held=true\`, \`heldForApproval\`). Approved, a post appears and is announced as if just written: \`post.created\`, its notifications and its duplicate check, once; audited as \`post.approved\`. Rejected, it is deleted without an event (audited as \`post.rejected\`; \`POST /posts/{id}/restore\` puts it back in the queue). ${common}`,
    credential: secretKey("posts:write"),
    body: ModeratePostsSchema,
    answer: { status: 200, schema: ModerationResultSchema, description: "How many were decided." },
  },
  { verb: moderatePosts },
);

export const moderateCommentsOperation = defineOperation(
  {
    method: "post",
    path: "/comments/moderate",
    operationId: "moderateComments",
    tag: "Moderation",
    summary: "Approve or reject held comments",
    description: `Comments waiting for approval (\`heldForApproval\`, on posts listed by \`GET /posts?held=true\`). Approved, a comment is counted and announced as if just written (\`comment.created\`, notifications); audited as \`comment.approved\`. Rejected, it is deleted without an event (\`comment.rejected\`). ${common}`,
    credential: secretKey("comments:write"),
    body: ModerateCommentsSchema,
    answer: { status: 200, schema: ModerationResultSchema, description: "How many were decided." },
  },
  { verb: moderateComments },
);

export const operations: Operation[] = [moderatePostsOperation, moderateCommentsOperation];
