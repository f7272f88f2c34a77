import { z } from "zod";
import { commentText } from "./comments.js";
import { date, idOf, notify, text } from "./fields.js";

// What creating a post, changing it and changing its status send (the posts feature's routes).

const title = text().trim().min(1).max(200);
const body = text().max(20_000);
const tagIds = z.array(idOf("tag")).max(20);
const eta = date().nullable();

export const CreatePostBody = z.strictObject({
  boardId: idOf("brd"),
  title,
  body: body.optional(),
  statusId: idOf("sts").optional(),
  tagIds: tagIds.optional(),
  authorId: idOf(["usr", "mem"]).nullable().optional(),
  ownerId: idOf("mem").nullable().optional(),
  eta: eta.optional(),
  pinned: z.boolean().optional(),
});

export const UpdatePostBody = z.strictObject({
  title: title.optional(),
  body: body.optional(),
  boardId: idOf("brd").optional(),
  statusId: idOf("sts").optional(),
  tagIds: tagIds.optional(),
  ownerId: idOf("mem").nullable().optional(),
  eta: eta.optional(),
  pinned: z.boolean().optional(),
  commentsLocked: z.boolean().optional(),
  notify: notify(),
});

export const ChangePostStatusBody = z.strictObject({
  statusId: idOf("sts"),
  comment: z.strictObject({ body: commentText(), internal: z.boolean().optional() }).nullable().optional(),
  notify: notify(),
});
