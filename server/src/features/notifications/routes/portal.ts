import { z } from "@hono/zod-openapi";
import { defineOperation } from "../../../http/define-operation.js";
import { publicKey } from "../../../http/route-security.js";
import { postParam } from "../../../platform/fields.js";
import { followPortalPost, unfollowPortalPost } from "../portal.js";

const Following = z.object({ following: z.boolean() }).openapi("Following");

export const followPortalPostOperation = defineOperation(
  {
    method: "post",
    path: "/portal/posts/{id}/follow",
    operationId: "followPortalPost",
    tag: "Portal",
    summary: "Follow a post",
    description: "The identified end user hears by mail when the team answers, plans or ships it. Following again changes nothing.",
    credential: publicKey("required"),
    params: postParam,
    answer: { status: 200, schema: Following, description: "They follow it." },
  },
  { verb: followPortalPost, idAs: "postId" },
);

export const unfollowPortalPostOperation = defineOperation(
  {
    method: "delete",
    path: "/portal/posts/{id}/follow",
    operationId: "unfollowPortalPost",
    tag: "Portal",
    summary: "Stop following a post",
    description: "Voting or commenting later makes them follow again.",
    credential: publicKey("required"),
    params: postParam,
    answer: { status: 200, schema: Following, description: "They no longer follow it." },
  },
  { verb: unfollowPortalPost, idAs: "postId" },
);
