import { z } from "@hono/zod-openapi";
import { exportPortalMe, getPortalMe, listPortalMyVotes } from "../me.js";
import { PersonalDataSchema } from "../../users/index.js";
import { listPortalMyPosts } from "../posts.js";
import { defineOperation } from "../../../http/define-operation.js";
import { PageQuery } from "../../../platform/fields.js";
import { publicKey } from "../../../http/route-security.js";
import { PortalMeSchema, PortalPostListSchema } from "../schema.js";

// What the identified end user sees of themselves: their profile, votes and posts.

export const getPortalMeOperation = defineOperation(
  {
    method: "get",
    path: "/portal/me",
    operationId: "getPortalMe",
    tag: "Portal",
    summary: "The identified end user",
    description: "With how many votes and posts they have on the portal.",
    credential: publicKey("required"),
    answer: { status: 200, schema: PortalMeSchema, description: "The end user." },
  },
  { verb: getPortalMe },
);

export const listPortalMyVotesOperation = defineOperation(
  {
    method: "get",
    path: "/portal/me/votes",
    operationId: "listPortalMyVotes",
    tag: "Portal",
    summary: "The posts the end user voted for",
    description: "Most recent vote first.",
    credential: publicKey("required"),
    query: z.object(PageQuery),
    answer: { status: 200, schema: PortalPostListSchema, description: "A page of posts." },
  },
  { verb: listPortalMyVotes },
);

export const listPortalMyPostsOperation = defineOperation(
  {
    method: "get",
    path: "/portal/me/posts",
    operationId: "listPortalMyPosts",
    tag: "Portal",
    summary: "The end user's own posts",
    description: "Newest first.",
    credential: publicKey("required"),
    query: z.object(PageQuery),
    answer: { status: 200, schema: PortalPostListSchema, description: "A page of posts." },
  },
  { verb: listPortalMyPosts },
);

export const exportPortalMeOperation = defineOperation(
  {
    method: "get",
    path: "/portal/me/export",
    operationId: "exportPortalMe",
    tag: "Portal",
    summary: "Download my data",
    description:
      "Everything Heed holds about the identified end user: the same document as `GET /v1/users/{id}/export` (a vote names its post's title only where the portal shows the post). Not for a portal guest, whose email nobody checked (404): the team exports theirs.",
    credential: publicKey("required"),
    errors: ["not_found"],
    answer: { status: 200, schema: PersonalDataSchema, description: "The end user's data." },
  },
  { verb: exportPortalMe },
);
