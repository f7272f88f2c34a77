import { z } from "zod";
import { CreateCommentBody, UpdateCommentBody } from "../../../../packages/shared/src/bodies/comments.js";
import { ChangePostStatusBody, CreatePostBody, UpdatePostBody } from "../../../../packages/shared/src/bodies/posts.js";
import { CreateIssueLinkBody } from "../../../../packages/shared/src/bodies/integrations.js";
import { blankAsAbsent } from "../../ui/form/fields.js";
import { worded } from "../../ui/form/words.js";

// The post page's forms: the request bodies (packages/shared/src/bodies), as the forms fill them.

const comment = CreateCommentBody.shape;
// The teammates it mentions are not a field: they are read from the text as it is sent (CommentForm).
export const commentSchema = z.object({ body: comment.body, internal: comment.internal.unwrap() });

export const editCommentSchema = z.object({ body: UpdateCommentBody.shape.body.unwrap() });

const post = UpdatePostBody.shape;
export const postBodySchema = z.object({ title: CreatePostBody.shape.title, body: post.body.unwrap() });

const statusChange = ChangePostStatusBody.shape;
const statusComment = statusChange.comment.unwrap().unwrap().shape;
/** A status change, with the comment posted in the same request when there is one. */
export const statusChangeSchema = z
  .object({
    statusId: statusChange.statusId,
    comment: blankAsAbsent(statusComment.body.optional()),
    internal: statusComment.internal.unwrap(),
    notify: statusChange.notify,
  })
  .transform(({ statusId, comment, internal, notify }) => ({ statusId, comment: comment ? { body: comment, internal } : null, notify }));

/**
 * The Details panel as the person left it. A lone tag checkbox reads as its value or false, a
 * group as the values ticked: either way, the ids ticked.
 */
export const detailsSchema = z.object({
  boardId: post.boardId.unwrap(),
  ownerId: z
    .string()
    .optional()
    .transform((id) => (id === undefined ? undefined : id || null))
    .pipe(post.ownerId),
  eta: z
    .string()
    .transform((date) => date || null)
    .pipe(post.eta.unwrap()),
  tagIds: z
    .union([z.array(z.string()), z.string(), z.literal(false)])
    .transform((ticked) => (Array.isArray(ticked) ? ticked : ticked ? [ticked] : []))
    .pipe(post.tagIds.unwrap()),
  pinned: post.pinned.unwrap(),
  commentsLocked: post.commentsLocked.unwrap(),
});

const issueLink = CreateIssueLinkBody.shape;
const issueToCreate = issueLink.create.unwrap().shape;
/**
 * Sending a post to an issue tracker: a new issue in a repository or team, or a link to one that
 * exists. Each mode asks for its own fields; the other's, left empty, are not sent.
 */
export const issueLinkSchema = worded(
  z
    .object({
      integrationId: issueLink.integrationId,
      mode: z.enum(["create", "link"]),
      target: blankAsAbsent(issueToCreate.target.optional()),
      title: blankAsAbsent(issueToCreate.title),
      reference: blankAsAbsent(issueLink.reference),
    })
    .superRefine((value, ctx) => {
      if (value.mode === "create" && !value.target) ctx.addIssue({ code: "custom", path: ["target"], message: "Choose a repository or team." });
      if (value.mode === "link" && !value.reference) ctx.addIssue({ code: "custom", path: ["reference"], message: "Required." });
    })
    .transform(({ integrationId, mode, target, title, reference }) =>
      mode === "create" ? { integrationId, create: { target: target!, ...(title ? { title } : {}) } } : { integrationId, reference },
    ),
  { integrationId: { invalid_format: "Choose where." } },
);
