import { createRoute, z, type OpenAPIHono } from "@hono/zod-openapi";
import { getPortalMe, listPortalMyVotes } from "../../core/portal/me.js";
import { listPortalMyPosts } from "../../core/portal/posts.js";
import { customerCtx } from "../../http/auth.js";
import type { AppEnv } from "../../http/env.js";
import { customerSecurity, errorResponses, jsonContent, PageQuery } from "../../http/openapi.js";
import type { Operation } from "../operation.js";
import { PortalMeSchema, PortalPostListSchema } from "./schemas.js";

const me = createRoute({
  method: "get",
  path: "/portal/me",
  operationId: "getPortalMe",
  tags: ["Portal"],
  summary: "The identified end user",
  description: "With how many votes and posts they have on the portal. Public key and end-user token.",
  security: customerSecurity("required"),
  responses: { 200: jsonContent(PortalMeSchema, "The end user."), ...errorResponses({ customer: { userToken: "required" } }) },
});

const votes = createRoute({
  method: "get",
  path: "/portal/me/votes",
  operationId: "listPortalMyVotes",
  tags: ["Portal"],
  summary: "The posts the end user voted for",
  description: "Most recent vote first. Public key and end-user token.",
  security: customerSecurity("required"),
  request: { query: z.object(PageQuery) },
  responses: { 200: jsonContent(PortalPostListSchema, "A page of posts."), ...errorResponses({ customer: { userToken: "required" } }) },
});

const posts = createRoute({
  method: "get",
  path: "/portal/me/posts",
  operationId: "listPortalMyPosts",
  tags: ["Portal"],
  summary: "The end user's own posts",
  description: "Newest first. Public key and end-user token.",
  security: customerSecurity("required"),
  request: { query: z.object(PageQuery) },
  responses: { 200: jsonContent(PortalPostListSchema, "A page of posts."), ...errorResponses({ customer: { userToken: "required" } }) },
});

export const operations: Operation[] = [
  { route: me, register: (app: OpenAPIHono<AppEnv>) => app.openapi(me, async (c) => c.json(await getPortalMe({ ctx: customerCtx(c) }), 200)) },
  {
    route: votes,
    register: (app) => app.openapi(votes, async (c) => c.json(await listPortalMyVotes({ ctx: customerCtx(c), input: c.req.valid("query") }), 200)),
  },
  {
    route: posts,
    register: (app) => app.openapi(posts, async (c) => c.json(await listPortalMyPosts({ ctx: customerCtx(c), input: c.req.valid("query") }), 200)),
  },
];
