import { addVote } from "../add.js";
import { defineOperation } from "../../../http/define-operation.js";
import { postParam } from "../../../platform/fields.js";
import { secretKey } from "../../../http/route-security.js";
import { AddVoteSchema, VoterSchema } from "../schema.js";

export const addVoteOperation = defineOperation(
  {
    method: "post",
    path: "/posts/{id}/votes",
    operationId: "addVote",
    tag: "Votes",
    summary: "Vote on an end user's behalf",
    description:
      "One vote per user per post: voting again is a no-op that answers 200 with the existing vote (201 when the vote is new). A merged post refuses votes (409). Emits `vote.created` for a new vote.",
    credential: secretKey("votes:write"),
    params: postParam,
    body: AddVoteSchema,
    answer: { status: 201, schema: VoterSchema, description: "The new vote.", existing: "The user had voted already; nothing changed." },
  },
  async (c) => {
    const { vote, created } = await addVote({ ctx: c.get("ctx"), input: { postId: c.req.valid("param").id, userId: c.req.valid("json").userId } });
    return created ? c.json(vote, 201) : c.json(vote, 200);
  },
);
