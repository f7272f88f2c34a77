import { unvotePortalPost, votePortalPost } from "../votes.js";
import { defineOperation } from "../../../http/define-operation.js";
import { postParam } from "../../../platform/fields.js";
import { publicKey } from "../../../http/route-security.js";
import { PortalVoteSchema } from "../schema.js";

export const votePortalPostOperation = defineOperation(
  {
    method: "post",
    path: "/portal/posts/{id}/vote",
    operationId: "votePortalPost",
    tag: "Portal",
    summary: "Vote for a post",
    description: "The identified end user's vote; voting again changes nothing. A merged post refuses votes (409). Emits `vote.created` for a new vote.",
    credential: publicKey("required"),
    params: postParam,
    answer: { status: 200, schema: PortalVoteSchema, description: "The vote." },
    errors: ["conflict"],
  },
  { verb: votePortalPost, idAs: "postId" },
);

export const unvotePortalPostOperation = defineOperation(
  {
    method: "delete",
    path: "/portal/posts/{id}/vote",
    operationId: "unvotePortalPost",
    tag: "Portal",
    summary: "Take a vote back",
    description: "Removes the identified end user's vote; without one, nothing changes. Emits `vote.deleted` when a vote was removed.",
    credential: publicKey("required"),
    params: postParam,
    answer: { status: 200, schema: PortalVoteSchema, description: "No vote now." },
  },
  { verb: unvotePortalPost, idAs: "postId" },
);
