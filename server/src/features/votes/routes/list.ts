import { z } from "@hono/zod-openapi";
import { listVotes } from "../list.js";
import { defineOperation } from "../../../http/define-operation.js";
import { PageQuery, postParam } from "../../../platform/fields.js";
import { secretKey } from "../../../http/route-security.js";
import { VoterListSchema } from "../schema.js";

export const listVotesOperation = defineOperation(
  {
    method: "get",
    path: "/posts/{id}/votes",
    operationId: "listVotes",
    tag: "Votes",
    summary: "List a post's voters",
    description: "Newest vote first, each with the voter's company and monthly spend.",
    credential: secretKey("votes:read"),
    params: postParam,
    query: z.object(PageQuery),
    answer: { status: 200, schema: VoterListSchema, description: "A page of voters." },
  },
  { verb: listVotes, idAs: "postId" },
);
