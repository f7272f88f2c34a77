import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import { getPortalPost, listPortalPosts } from "../../core/portal/posts.js";
import { submitPortalPost } from "../../core/portal/submit.js";
import { customerCtx } from "../../http/auth.js";
import type { AppEnv } from "../../http/env.js";
import { customerSecurity, errorResponses, IdempotencyHeaders, jsonBody, jsonContent, postParam } from "../../http/openapi.js";
import type { Operation } from "../operation.js";
import { ListPortalPostsQuery, PORTAL_LIMITS, PortalPostListSchema, PortalPostSchema, SubmitPostSchema } from "./schemas.js";

const list = createRoute({
  method: "get",
  path: "/portal/posts",
  operationId: "listPortalPosts",
  tags: ["Portal"],
  summary: "List the portal's posts",
  description:
    "Posts of public boards, with the sorts (but `revenue`), filters and keyset cursors of `GET /posts`. A private portal needs an end-user token. Public key only.",
  security: customerSecurity("optional"),
  request: { query: ListPortalPostsQuery },
  responses: { 200: jsonContent(PortalPostListSchema, "A page of posts."), ...errorResponses({ customer: { userToken: "optional" } }) },
});

const get = createRoute({
  method: "get",
  path: "/portal/posts/{id}",
  operationId: "getPortalPost",
  tags: ["Portal"],
  summary: "Get a post on the portal",
  description: "A post of a private board answers 404, as an unknown id does. A merged post is shown with `mergedInto`. Public key only.",
  security: customerSecurity("optional"),
  request: { params: postParam },
  responses: { 200: jsonContent(PortalPostSchema, "The post."), ...errorResponses({ customer: { userToken: "optional" }, extra: ["not_found"] }) },
});

const submit = createRoute({
  method: "post",
  path: "/portal/posts",
  operationId: "submitPortalPost",
  tags: ["Portal"],
  summary: "Submit a post",
  description:
    `The identified end user posts on a public board, in the default status. Titles up to ${PORTAL_LIMITS.title} characters, bodies up to ${PORTAL_LIMITS.body.toLocaleString("en")}; ` +
    "at most the workspace's `portalPostsPerHour` posts per user per hour (429 with `retry-after`). Emits `post.created`. Public key and end-user token.",
  security: customerSecurity("required"),
  request: { headers: IdempotencyHeaders, body: jsonBody(SubmitPostSchema) },
  responses: {
    201: jsonContent(PortalPostSchema, "The new post."),
    ...errorResponses({ customer: { userToken: "required" }, body: true, extra: ["post_limit_reached"] }),
  },
});

export const operations: Operation[] = [
  {
    route: list,
    register: (app: OpenAPIHono<AppEnv>) =>
      app.openapi(list, async (c) => c.json(await listPortalPosts({ ctx: customerCtx(c), input: c.req.valid("query") }), 200)),
  },
  { route: get, register: (app) => app.openapi(get, async (c) => c.json(await getPortalPost({ ctx: customerCtx(c), input: c.req.valid("param") }), 200)) },
  {
    route: submit,
    register: (app) => app.openapi(submit, async (c) => c.json(await submitPortalPost({ ctx: customerCtx(c), input: c.req.valid("json") }), 201)),
  },
];
