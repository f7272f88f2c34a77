import { createRoute, z, type OpenAPIHono } from "@hono/zod-openapi";
import { createPortalComment, listPortalComments } from "../../core/portal/comments.js";
import { customerCtx } from "../../http/auth.js";
import type { AppEnv } from "../../http/env.js";
import { customerSecurity, errorResponses, IdempotencyHeaders, jsonBody, jsonContent, PageQuery, postParam } from "../../http/openapi.js";
import type { Operation } from "../operation.js";
import { CreatePortalCommentSchema, PORTAL_LIMITS, PortalCommentListSchema, PortalCommentSchema } from "./schemas.js";

const list = createRoute({
  method: "get",
  path: "/portal/posts/{id}/comments",
  operationId: "listPortalComments",
  tags: ["Portal"],
  summary: "List a post's public comments",
  description: "Oldest first; replies carry `parentId`. Internal comments never appear. Public key only.",
  security: customerSecurity("optional"),
  request: { params: postParam, query: z.object(PageQuery) },
  responses: {
    200: jsonContent(PortalCommentListSchema, "A page of comments."),
    ...errorResponses({ customer: { userToken: "optional" }, extra: ["not_found"] }),
  },
});

const create = createRoute({
  method: "post",
  path: "/portal/posts/{id}/comments",
  operationId: "createPortalComment",
  tags: ["Portal"],
  summary: "Comment on a post",
  description:
    `The identified end user comments (up to ${PORTAL_LIMITS.comment.toLocaleString("en")} characters) or replies to a public comment. ` +
    "A post whose comments the team locked answers 403. Emits `comment.created`. Public key and end-user token.",
  security: customerSecurity("required"),
  request: { headers: IdempotencyHeaders, params: postParam, body: jsonBody(CreatePortalCommentSchema) },
  responses: {
    201: jsonContent(PortalCommentSchema, "The new comment."),
    ...errorResponses({ customer: { userToken: "required" }, body: true, extra: ["not_found", "comments_locked"] }),
  },
});

export const operations: Operation[] = [
  {
    route: list,
    register: (app: OpenAPIHono<AppEnv>) =>
      app.openapi(list, async (c) =>
        c.json(await listPortalComments({ ctx: customerCtx(c), input: { ...c.req.valid("query"), postId: c.req.valid("param").id } }), 200),
      ),
  },
  {
    route: create,
    register: (app) =>
      app.openapi(create, async (c) =>
        c.json(await createPortalComment({ ctx: customerCtx(c), input: { ...c.req.valid("json"), postId: c.req.valid("param").id } }), 201),
      ),
  },
];
