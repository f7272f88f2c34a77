import { z } from "@hono/zod-openapi";
import { defineOperation } from "../../../http/define-operation.js";
import { secretKey } from "../../../http/route-security.js";
import { PageQuery, postParam } from "../../../platform/fields.js";
import { addPostFollower, listPostFollowers, removePostFollower } from "../followers.js";
import { AddFollowerSchema, FollowerListSchema, FollowerSchema, followerParams } from "../schema.js";

export const listPostFollowersOperation = defineOperation(
  {
    method: "get",
    path: "/posts/{id}/followers",
    operationId: "listPostFollowers",
    tag: "Notifications",
    summary: "List a post's followers",
    description:
      "End users and members who hear of the post's changes, earliest first. End users follow a post they create, vote on or comment on; members one they create, own, comment on or are mentioned in.",
    credential: secretKey("votes:read"),
    params: postParam,
    query: z.object(PageQuery),
    answer: { status: 200, schema: FollowerListSchema, description: "A page of followers." },
  },
  { verb: listPostFollowers, idAs: "postId" },
);

export const addPostFollowerOperation = defineOperation(
  {
    method: "post",
    path: "/posts/{id}/followers",
    operationId: "addPostFollower",
    tag: "Notifications",
    summary: "Follow a post on an end user's behalf",
    description: "Following again is a no-op that answers 200 (201 when new). They hear of status changes, team replies, merges and changelog entries.",
    credential: secretKey("votes:write"),
    params: postParam,
    body: AddFollowerSchema,
    answer: { status: 201, schema: FollowerSchema, description: "They follow it now.", existing: "They followed it already." },
  },
  async (c) => {
    const { follower, created } = await addPostFollower({ ctx: c.get("ctx"), input: { postId: c.req.valid("param").id, userId: c.req.valid("json").userId } });
    return created ? c.json(follower, 201) : c.json(follower, 200);
  },
);

export const removePostFollowerOperation = defineOperation(
  {
    method: "delete",
    path: "/posts/{id}/followers/{userId}",
    operationId: "removePostFollower",
    tag: "Notifications",
    summary: "Stop an end user following a post",
    description: "404 when they do not follow it. Voting or commenting later makes them follow again.",
    credential: secretKey("votes:write"),
    params: followerParams,
    answer: { status: 204, description: "They no longer follow it." },
  },
  { verb: removePostFollower, idAs: "postId" },
);
