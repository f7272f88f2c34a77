import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import { unvotePortalPost, votePortalPost } from "../../core/portal/votes.js";
import { customerCtx } from "../../http/auth.js";
import type { AppEnv } from "../../http/env.js";
import { customerSecurity, errorResponses, IdempotencyHeaders, jsonContent, postParam } from "../../http/openapi.js";
import type { Operation } from "../operation.js";
import { PortalVoteSchema } from "./schemas.js";

const vote = createRoute({
  method: "post",
  path: "/portal/posts/{id}/vote",
  operationId: "votePortalPost",
  tags: ["Portal"],
  summary: "Vote for a post",
  description:
    "The identified end user's vote; voting again changes nothing. A merged post refuses votes (409). Emits `vote.created` for a new vote. Public key and end-user token.",
  security: customerSecurity("required"),
  request: { headers: IdempotencyHeaders, params: postParam },
  responses: {
    200: jsonContent(PortalVoteSchema, "The vote."),
    ...errorResponses({ customer: { userToken: "required" }, write: true, extra: ["not_found", "conflict"] }),
  },
});

const unvote = createRoute({
  method: "delete",
  path: "/portal/posts/{id}/vote",
  operationId: "unvotePortalPost",
  tags: ["Portal"],
  summary: "Take a vote back",
  description:
    "Removes the identified end user's vote; without one, nothing changes. Emits `vote.deleted` when a vote was removed. Public key and end-user token.",
  security: customerSecurity("required"),
  request: { headers: IdempotencyHeaders, params: postParam },
  responses: {
    200: jsonContent(PortalVoteSchema, "No vote now."),
    ...errorResponses({ customer: { userToken: "required" }, write: true, extra: ["not_found"] }),
  },
});

export const operations: Operation[] = [
  {
    route: vote,
    register: (app: OpenAPIHono<AppEnv>) =>
      app.openapi(vote, async (c) => c.json(await votePortalPost({ ctx: customerCtx(c), input: { postId: c.req.valid("param").id } }), 200)),
  },
  {
    route: unvote,
    register: (app) =>
      app.openapi(unvote, async (c) => c.json(await unvotePortalPost({ ctx: customerCtx(c), input: { postId: c.req.valid("param").id } }), 200)),
  },
];
