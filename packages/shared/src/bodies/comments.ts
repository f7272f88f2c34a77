import { z } from "zod";
import { idOf, text } from "./fields.js";

// What writing or changing a comment sends (POST /posts/{id}/comments, PATCH /comments/{id}).

/** A comment's text: markdown, trimmed, up to 10,000 characters. */
export const commentText = () => text().trim().min(1).max(10_000);

export const CreateCommentBody = z.strictObject({
  body: commentText(),
  internal: z.boolean().optional(),
  parentId: idOf("cmt").nullable().optional(),
  authorId: idOf(["usr", "mem"]).nullable().optional(),
  mentions: z.array(idOf("mem")).max(20).optional(),
});

export const UpdateCommentBody = z.strictObject({ body: commentText().optional(), internal: z.boolean().optional() });
