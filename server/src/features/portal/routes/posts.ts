import { getPortalPost, listPortalPosts } from "../posts.js";
import { submitPortalPost } from "../submit.js";
import { customerCtx } from "../../../http/auth.js";
import { submissionCounter } from "../../moderation/index.js";
import { GUEST_POSTS_PER_ADDRESS, GUEST_POSTS_PER_WORKSPACE, guestPostCounter } from "../guest-post-limits.js";
import { defineOperation } from "../../../http/define-operation.js";
import { postParam } from "../../../platform/fields.js";
import { publicKey } from "../../../http/route-security.js";
import { ListPortalPostsQuery, PORTAL_LIMITS, PortalPostListSchema, PortalPostSchema, SubmitPostSchema } from "../schema.js";

export const listPortalPostsOperation = defineOperation(
  {
    method: "get",
    path: "/portal/posts",
    operationId: "listPortalPosts",
    cache: true,
    tag: "Portal",
    summary: "List the portal's posts",
    description:
      "Posts of public boards, with the sorts (but `revenue`), filters and keyset cursors of `GET /posts`. A private portal needs an end-user token.",
    credential: publicKey("optional"),
    query: ListPortalPostsQuery,
    answer: { status: 200, schema: PortalPostListSchema, description: "A page of posts." },
  },
  { verb: listPortalPosts },
);

export const getPortalPostOperation = defineOperation(
  {
    method: "get",
    path: "/portal/posts/{id}",
    operationId: "getPortalPost",
    cache: true,
    tag: "Portal",
    summary: "Get a post on the portal",
    description: "A post of a private board answers 404, as an unknown id does. A merged post is shown with `mergedInto`.",
    credential: publicKey("optional"),
    params: postParam,
    answer: { status: 200, schema: PortalPostSchema, description: "The post." },
  },
  { verb: getPortalPost },
);

export const submitPortalPostOperation = defineOperation(
  {
    method: "post",
    path: "/portal/posts",
    operationId: "submitPortalPost",
    tag: "Portal",
    summary: "Submit a post",
    description:
      `The identified end user posts on a public board, in the default status. Titles up to ${PORTAL_LIMITS.title} characters, bodies up to ${PORTAL_LIMITS.body.toLocaleString("en")}; ` +
      `at most the workspace's \`portalPostsPerHour\` posts per user per hour, and guests' posts at most ${GUEST_POSTS_PER_ADDRESS} per client address and ` +
      `${GUEST_POSTS_PER_WORKSPACE} per workspace in 15 minutes (429 with \`retry-after\`). Emits \`post.created\`, unless the workspace's \`moderation\` holds it for approval ` +
      "(`heldForApproval`: it appears, and is announced, once the team approves it). Under the workspace's `authorVotes` (on by default) the post starts with " +
      "its author's vote (`vote.created` too; a held post gets it when approved).",
    credential: publicKey("required"),
    body: SubmitPostSchema,
    answer: { status: 201, schema: PortalPostSchema, description: "The new post." },
    errors: ["post_limit_reached"],
  },
  async (c) =>
    c.json(
      await submitPortalPost({ ctx: customerCtx(c), input: c.req.valid("json"), countGuestPost: guestPostCounter(c), countSubmission: submissionCounter(c) }),
      201,
    ),
);
