import { z } from "@hono/zod-openapi";
import { SpamSignalsSchema } from "../../platform/moderation/hold.js";
import { CreateCommentBody, UpdateCommentBody } from "../../../../packages/shared/src/bodies/comments.js";
import { AuthorSchema, PageQuery, documented, idParam, listOf, idOf } from "../../platform/fields.js";

export const CommentSchema = z
  .object({
    id: idOf("cmt"),
    postId: idOf("post"),
    parentId: idOf("cmt").nullable().openapi({ description: "The top-level comment this replies to; replies are one level deep." }),
    body: z.string().openapi({ description: "Markdown." }),
    internal: z.boolean().openapi({ description: "Internal comments are for the team and never appear on customer-facing routes." }),
    author: AuthorSchema.nullable(),
    heldForApproval: z.boolean().openapi({
      description:
        "It waits for the team's approval (the workspace's `moderation`): until approved it is not counted, not on the portal, and nothing was announced of it.",
    }),
    spamSignals: SpamSignalsSchema,
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .openapi("Comment");

export const CommentListSchema = listOf(CommentSchema, "CommentList");

const body = { description: "Markdown, up to 10,000 characters." };

export const CreateCommentSchema = documented(CreateCommentBody, {
  body,
  internal: { description: "Default false: a public comment." },
  parentId: { description: "Reply to this top-level comment of the same post." },
  authorId: {
    description:
      "End user (`usr_…`) or member (`mem_…`) writing it. Left out, a comment written in the dashboard is by the signed-in member, and one written with an API key has no author (the team's); `null` makes it the team's. Signed in, a member may name only themselves or an end user.",
  },
  mentions: { description: "Members (`mem_…`, from `GET /members/assignable`) the comment mentions: each hears of it and follows the post." },
}).openapi("CreateComment");

export const UpdateCommentSchema = documented(UpdateCommentBody, { body }).openapi("UpdateComment");

export const ListCommentsQuery = z.object({
  internal: z.enum(["true", "false"]).optional().openapi({ description: "Only internal (`true`) or only public (`false`) comments." }),
  ...PageQuery,
});

export const commentParam = idParam("cmt", "comment");
