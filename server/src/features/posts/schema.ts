import { z } from "@hono/zod-openapi";
import { STATUS_CATEGORIES } from "../../../../packages/shared/src/status-categories.js";
import { ActorSchema, AuditActionSchema } from "../audit-log/index.js";
import { SpamSignalsSchema } from "../../platform/moderation/hold.js";
import { ChangePostStatusBody, CreatePostBody, UpdatePostBody } from "../../../../packages/shared/src/bodies/posts.js";
import { AuthorSchema, PageQuery, documented, listOf, text, timestamp, idOf } from "../../platform/fields.js";

export const POST_SORTS = ["newest", "oldest", "votes", "trending", "comments", "updated", "revenue"] as const;
export type PostSort = (typeof POST_SORTS)[number];

export const StatusRefSchema = z.object({ id: idOf("sts"), name: z.string(), category: z.enum(STATUS_CATEGORIES) }).openapi("StatusRef");

export const PostSchema = z
  .object({
    id: idOf("post"),
    boardId: idOf("brd"),
    title: z.string(),
    body: z.string().openapi({ description: "Markdown." }),
    status: StatusRefSchema,
    tags: z.array(z.object({ id: idOf("tag"), name: z.string() })),
    author: AuthorSchema.nullable().openapi({ description: "The end user or team member who posted it; `null` when posted by the team through the API." }),
    ownerId: idOf("mem").nullable().openapi({ description: "The member responsible for the post." }),
    voteCount: z.number().int(),
    commentCount: z.number().int().openapi({ description: "Public comments." }),
    revenue: z.number().openapi({ description: "Summed monthly spend of the distinct companies whose users voted: what the `revenue` sort ranks by." }),
    eta: z.string().nullable().openapi({ format: "date", description: "Expected delivery date." }),
    pinned: z.boolean(),
    commentsLocked: z.boolean(),
    mergedInto: idOf("post").nullable().openapi({ description: "Set when this post was merged into another as a duplicate." }),
    possibleDuplicateOf: z
      .object({ id: idOf("post"), title: z.string(), similarity: z.number().min(0).max(1) })
      .nullable()
      .openapi({
        description:
          "The earlier open post this one most likely repeats, found in the background a moment after it was written or retitled (their titles hold 60% of each other's words). `null` when none was found, once dismissed (`POST /posts/{id}/dismiss-duplicate`), or when that post is merged or deleted.",
      }),
    url: z.string().openapi({ description: "The post in the public portal." }),
    heldForApproval: z.boolean().openapi({
      description:
        "It waits for the team's approval (the workspace's `moderation`): until approved it is on no list but `held=true`, not on the portal, and nothing was announced of it.",
    }),
    spamSignals: SpamSignalsSchema,
    heldComments: z.number().int().openapi({ description: "Its comments that wait for the team's approval." }),
    seenAt: timestamp.nullable().openapi({
      description:
        "When the team first saw it (opened it in the dashboard, changed it or answered it); `null`: New. A post the team writes is seen as it is written.",
    }),
    lastActivityAt: timestamp.openapi({ description: "Its last vote, comment or change by the team: what `inactiveDays` reads." }),
    followerCount: z.number().int().min(0).openapi({
      description:
        "How many people a status change of it would mail: end users following it (voters, commenters, its author, who asked to) with an address and mail not turned off, while its board is public.",
    }),
    createdAt: timestamp,
    updatedAt: timestamp,
  })
  .openapi("Post");

export const PostListSchema = listOf(PostSchema, "PostList");

export const DeletedPostSchema = PostSchema.extend({
  deletedAt: timestamp.openapi({ description: "When it was deleted, or rejected." }),
  rejected: z.boolean().openapi({
    description: "It was rejected while it waited for approval (`heldForApproval` stays `true`): restored, it waits again, and nothing is announced of it.",
  }),
}).openapi("DeletedPost");

export const DeletedPostListSchema = listOf(DeletedPostSchema, "DeletedPostList");

export const ListDeletedPostsQuery = z.object({ ...PageQuery });

export const ListMergedPostsQuery = z.object({ ...PageQuery });

export const SimilarPostSchema = PostSchema.extend({
  similarity: z.number().min(0).max(1).openapi({
    description:
      "The share of this post's title words the similar post holds (in its title; a word only in its body counts half), by stem, a small typo forgiven.",
  }),
  possibleDuplicate: z.boolean().openapi({ description: "Each post's title holds at least 60% of the other's words: likely the same request." }),
}).openapi("SimilarPost");

export const SimilarPostListSchema = listOf(SimilarPostSchema, "SimilarPostList");

export const MarkPostsSeenSchema = z.strictObject({ ids: z.array(idOf("post")).min(1).max(100) }).openapi("MarkPostsSeen");

export const DismissDuplicateSchema = z
  .strictObject({ duplicateOfId: idOf("post").openapi({ description: "The post it was suggested to repeat (`possibleDuplicateOf.id`)." }) })
  .openapi("DismissDuplicate");

export const SimilarPostsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(20).default(5).openapi({ format: "int32", description: "At most this many, 1–20.", example: 5 }),
});

export const ListPostsQuery = z.object({
  sort: z
    .enum([...POST_SORTS, "relevance"])
    .optional()
    .openapi({
      description:
        "`relevance` (the default with `q`, and only with it) ranks what a search finds; otherwise `newest` is the default. `trending` ranks by votes of the last 14 days, `revenue` by the monthly spend of the voters' companies. Ties break by id.",
    }),
  boardId: idOf("brd").optional().openapi({ description: "Only posts of this board." }),
  status: idOf("sts", STATUS_CATEGORIES).optional().openapi({ description: "A status id (`sts_…`), or a category: `open`, `active`, `complete`, `closed`." }),
  tag: idOf("tag").optional().openapi({ description: "Only posts with this tag id." }),
  authorId: idOf(["usr", "mem"]).optional().openapi({ description: "Only posts by this end user (`usr_…`) or member (`mem_…`)." }),
  ownerId: idOf("mem", ["none", "me"])
    .optional()
    .openapi({ description: "Only posts this member (`mem_…`) owns, `none` for posts nobody owns, or `me` for the signed-in member's (Assigned to me)." }),
  voterId: idOf("usr").optional().openapi({ description: "Only posts this end user (`usr_…`) voted for." }),
  companyId: idOf("cmp")
    .optional()
    .openapi({ description: "Only posts that end users of this company (`cmp_…`) voted for: with `sort=revenue`, what a customer asks for most." }),
  seen: z.enum(["true", "false"]).optional().openapi({ description: "`false`: only posts the team has not seen yet (New); `true`: only those it has." }),
  unanswered: z
    .enum(["true"])
    .optional()
    .openapi({ description: "`true`: only posts without a public reply from the team (a member, or the team through a key)." }),
  inactiveDays: z.coerce
    .number()
    .int()
    .min(1)
    .max(3650)
    .optional()
    .openapi({ format: "int32", description: "Only posts with no vote, comment or change for at least this many days (Stale)." }),
  possibleDuplicate: z
    .enum(["true"])
    .optional()
    .openapi({ description: "`true`: only posts with a possible duplicate the team has not dismissed (`possibleDuplicateOf` set)." }),
  held: z
    .enum(["true"])
    .optional()
    .openapi({ description: "`true`: the Held view: posts waiting for approval, and posts with comments waiting for it. Without it, no held post is listed." }),
  q: text().max(200).optional().openapi({
    description:
      "Full-text search: posts whose title or body hold any of its words, in any form (plural, a small typo, the word being typed). Ranked by relevance unless `sort` says otherwise.",
  }),
  ...PageQuery,
});

const body = { description: "Markdown, up to 20,000 characters." };
/** The `notify` of every write that announces a status change. */
export const notifyWords = {
  description:
    "Whether the post's followers (end users following it on a public board) are told of the status change by mail: `true` unless `false` is sent. The answer's `notified` says how many were.",
};
/** How many people a write told: its answer's `notified`. */
export const notifiedField = z.number().int().min(0).openapi({
  description:
    "How many people this change mails (end users following the post, each once): 0 with `notify: false` or when nothing announced changed. The mail itself goes after the change, gathered per NOTIFICATION_WINDOW_SECONDS.",
});
const eta = { description: "Expected delivery date (YYYY-MM-DD), or null." };

export const CreatePostSchema = documented(CreatePostBody, {
  body,
  statusId: { description: "Defaults to the workspace's default status." },
  authorId: {
    description: "End user (`usr_…`) or member (`mem_…`) posting it. Signed in to the dashboard, a member may name only themselves or an end user.",
  },
  eta,
}).openapi("CreatePost");

export const UpdatePostSchema = documented(UpdatePostBody, {
  body,
  tagIds: { description: "Replaces the post's tags." },
  eta,
  notify: { description: `Only with \`statusId\`. ${notifyWords.description}` },
}).openapi("UpdatePost");

/** PATCH /posts/{id}'s answer: the post, and how many its status change told. */
export const UpdatedPostSchema = PostSchema.extend({ notified: notifiedField }).openapi("UpdatedPost");

export const ChangePostStatusSchema = documented(ChangePostStatusBody, {
  comment: { description: "Posted with the change (public unless `internal`); needs `comments:write` too." },
  notify: notifyWords,
}).openapi("ChangePostStatus");

export const MergePostSchema = z.strictObject({ into: idOf("post").openapi({ description: "The canonical post." }) }).openapi("MergePost");

/** One change of a post, read from the audit log. */
export const PostActivitySchema = z
  .object({
    id: idOf("aud"),
    action: AuditActionSchema,
    actor: ActorSchema.extend({
      name: z.string().nullable().openapi({
        description: "The member's, end user's or API key's name as it is now; null for Heed itself and for someone erased or nameless.",
      }),
    }).openapi("PostActivityActor"),
    data: z.record(z.string(), z.unknown()),
    createdAt: z.string(),
  })
  .openapi("PostActivity");

export const PostActivityListSchema = listOf(PostActivitySchema, "PostActivityList");

/** The list's filters but the status: the counts are per status, of the posts the rest select. */
export const CountPostsByStatusQuery = ListPostsQuery.omit({ sort: true, status: true, limit: true, cursor: true });

export const PostStatusCountsSchema = z
  .object({
    data: z
      .array(z.object({ status: StatusRefSchema, count: z.number().int() }))
      .openapi({ description: "Every status of the workspace in its order, with how many of the selected posts have it (0 included)." }),
  })
  .openapi("PostStatusCounts");
