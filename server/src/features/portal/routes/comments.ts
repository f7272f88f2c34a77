import { z } from "@hono/zod-openapi";
import { createPortalComment, listPortalComments } from "../comments.js";
import { customerCtx } from "../../../http/auth.js";
import { submissionCounter } from "../../moderation/index.js";
import { defineOperation } from "../../../http/define-operation.js";
import { PageQuery, postParam } from "../../../platform/fields.js";
import { publicKey } from "../../../http/route-security.js";
import { CreatePortalCommentSchema, PORTAL_LIMITS, PortalCommentListSchema, PortalCommentSchema } from "../schema.js";

export const listPortalCommentsOperation = defineOperation(
  {
    method: "get",
    path: "/portal/posts/{id}/comments",
    operationId: "listPortalComments",
    cache: true,
    tag: "Portal",
    summary: "List a post's public comments",
    description: "Oldest first; replies carry `parentId`. Internal comments never appear.",
    credential: publicKey("optional"),
    params: postParam,
    query: z.object(PageQuery),
    answer: { status: 200, schema: PortalCommentListSchema, description: "A page of comments." },
  },
  { verb: listPortalComments, idAs: "postId" },
);

export const createPortalCommentOperation = defineOperation(
  {
    method: "post",
    path: "/portal/posts/{id}/comments",
    operationId: "createPortalComment",
    tag: "Portal",
    summary: "Comment on a post",
    description:
      `The identified end user comments (up to ${PORTAL_LIMITS.comment.toLocaleString("en")} characters) or replies to a public comment. ` +
      "A post whose comments the team locked answers 403. Emits `comment.created`, unless the workspace's `moderation` holds it for approval (`heldForApproval`: it appears, and is announced, once the team approves it).",
    credential: publicKey("required"),
    params: postParam,
    body: CreatePortalCommentSchema,
    answer: { status: 201, schema: PortalCommentSchema, description: "The new comment." },
    errors: ["comments_locked"],
  },
  async (c) => {
    const input = { ...c.req.valid("json"), postId: c.req.valid("param").id };
    return c.json(await createPortalComment({ ctx: customerCtx(c), input, countSubmission: submissionCounter(c) }), 201);
  },
);
