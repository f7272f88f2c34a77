import { z } from "zod";
import { required, trimmed } from "../../ui/form/fields.js";

// The post page's forms, checked as the server checks them (server/src/features/posts/schema.ts,
// comments/schema.ts).

/** A comment's text: markdown, trimmed, up to 10,000 characters. */
const commentBody = () => required(10_000);

export const commentSchema = z.object({
  body: commentBody(),
  internal: z.boolean(),
  // Teammates picked from the team's own list (a group of checkboxes: nothing ticked reads as `false`).
  mentions: z
    .union([z.array(z.string()), z.literal(false)])
    .optional()
    .transform((v) => (v ? v : []))
    .pipe(z.array(z.string()).max(20)),
});

export const editCommentSchema = z.object({ body: commentBody() });

export const postBodySchema = z.object({ title: required(200), body: z.string().max(20_000) });

/** A status change, with the comment posted in the same request when there is one. */
export const statusChangeSchema = z
  .object({ statusId: z.string(), comment: trimmed(10_000), internal: z.boolean() })
  .transform(({ statusId, comment, internal }) => ({ statusId, comment: comment ? { body: comment, internal } : null }));

/**
 * The Details panel as the person left it. A lone tag checkbox reads as its value or false, a
 * group as the values ticked: either way, the ids ticked.
 */
export const detailsSchema = z.object({
  boardId: z.string(),
  ownerId: z
    .string()
    .optional()
    .transform((id) => (id === undefined ? undefined : id || null)),
  eta: z
    .string()
    .transform((date) => date || null)
    .pipe(z.iso.date().max(10).nullable()),
  tagIds: z
    .union([z.array(z.string()), z.string(), z.literal(false)])
    .transform((ticked) => (Array.isArray(ticked) ? ticked : ticked ? [ticked] : []))
    .pipe(z.array(z.string()).max(20)),
  pinned: z.boolean(),
  commentsLocked: z.boolean(),
});
