import { z } from "@hono/zod-openapi";
import { listOf, postParam, idOf } from "../../platform/fields.js";

export const VoterSchema = z
  .object({
    userId: idOf("usr"),
    user: z.object({
      id: idOf("usr"),
      externalId: z.string(),
      name: z.string().nullable(),
      email: z.string().nullable(),
      avatarUrl: z.string().nullable(),
      company: z
        .object({ id: idOf("cmp"), name: z.string(), monthlySpend: z.number() })
        .nullable()
        .openapi({ description: "The voter's company, with what it pays a month: rank requests by revenue." }),
    }),
    createdBy: z.string().nullable().openapi({ description: "The member or API key that voted on the user's behalf." }),
    createdAt: z.string(),
  })
  .openapi("Voter");

export const VoterListSchema = listOf(VoterSchema, "VoterList");

export const AddVoteSchema = z.strictObject({ userId: idOf("usr").openapi({ description: "The end user (`usr_…`) the vote is for." }) }).openapi("AddVote");

export const voteParams = postParam.extend({
  userId: idOf("usr").openapi({ param: { name: "userId", in: "path" }, description: "The voter's end-user id (`usr_…`)." }),
});
