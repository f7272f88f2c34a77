import { removeVote } from "../remove.js";
import { defineOperation } from "../../../http/define-operation.js";
import { secretKey } from "../../../http/route-security.js";
import { voteParams } from "../schema.js";

export const removeVoteOperation = defineOperation(
  {
    method: "delete",
    path: "/posts/{id}/votes/{userId}",
    operationId: "removeVote",
    tag: "Votes",
    summary: "Remove a user's vote",
    description: "404 when the user has no vote on the post. Emits `vote.deleted`.",
    credential: secretKey("votes:write"),
    params: voteParams,
    answer: { status: 204, description: "Removed." },
  },
  { verb: removeVote, idAs: "postId" },
);
