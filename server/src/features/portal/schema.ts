import { z } from "@hono/zod-openapi";
import { STATUS_CATEGORIES } from "../../../../packages/shared/src/status-categories.js";
import { PageQuery, listOf, text, timestamp, idOf } from "../../platform/fields.js";
import { ChangelogType } from "../changelog/index.js";
import { StatusTranslationsSchema } from "../statuses/index.js";
import { CommentSchema } from "../comments/index.js";
import { PortalUserSchema } from "../customers/index.js";
import { ListPostsQuery, PostSchema, type PostSort } from "../posts/index.js";

/** The portal ranks by everything the API does except revenue, which is the team's business. */
export const PORTAL_POST_SORTS = ["newest", "oldest", "votes", "trending", "comments", "updated"] as const satisfies readonly PostSort[];

/** The longest post and comment an end user may write on the portal (the team's API allows more). */
export const PORTAL_LIMITS = { title: 200, body: 10_000, comment: 5_000 } as const;

/** What the team's Post holds that the portal never shows: each is stripped from every post it answers. */
export const TEAM_ONLY_POST_FIELDS = {
  ownerId: true,
  revenue: true,
  possibleDuplicateOf: true,
  seenAt: true,
  lastActivityAt: true,
  spamSignals: true,
  heldComments: true,
  followerCount: true,
} as const;

export const PortalPostSchema = PostSchema.omit(TEAM_ONLY_POST_FIELDS)
  .extend({ viewerHasVoted: z.boolean().openapi({ description: "Whether the end user of the `x-service-user-token` voted for it; false without one." }) })
  .openapi("PortalPost", { description: "A post as the portal shows it: no owner, no revenue, none of the team's triage." });

export const PortalPostListSchema = listOf(PortalPostSchema, "PortalPostList");

// Owners are the team's business: the portal can neither see nor filter by them.
// The filters a reader of the portal may use, named one by one: a filter added for the team (an
// owner, a voter, a possible duplicate) stays the team's until it is added here.
export const ListPortalPostsQuery = ListPostsQuery.pick({ boardId: true, status: true, tag: true, authorId: true, q: true, limit: true, cursor: true }).extend({
  sort: z
    .enum([...PORTAL_POST_SORTS, "relevance"])
    .optional()
    .openapi({
      description:
        "As on `GET /posts`, without `revenue`: `relevance` (the default with `q`, and only with it), else `newest` by default. `trending` ranks by votes of the last 14 days. Ties break by id.",
    }),
});

export const SubmitPostSchema = z
  .strictObject({
    boardId: idOf("brd").openapi({ description: "A public board." }),
    title: text().trim().min(1).max(PORTAL_LIMITS.title),
    body: text()
      .max(PORTAL_LIMITS.body)
      .optional()
      .openapi({ description: `Markdown, up to ${PORTAL_LIMITS.body.toLocaleString("en")} characters.` }),
  })
  .openapi("SubmitPost");

export const PortalCommentSchema = CommentSchema.omit({ internal: true, spamSignals: true }).openapi("PortalComment", {
  description: "A public comment (`heldForApproval` only ever true in the answer to its author's own submission).",
});
export const PortalCommentListSchema = listOf(PortalCommentSchema, "PortalCommentList");

export const CreatePortalCommentSchema = z
  .strictObject({
    body: text()
      .trim()
      .min(1)
      .max(PORTAL_LIMITS.comment)
      .openapi({ description: `Markdown, up to ${PORTAL_LIMITS.comment.toLocaleString("en")} characters.` }),
    parentId: idOf("cmt").optional().openapi({ description: "Reply to this top-level comment of the same post." }),
  })
  .openapi("CreatePortalComment");

export const PortalVoteSchema = z
  .object({ postId: idOf("post"), voted: z.boolean(), voteCount: z.number().int() })
  .openapi("PortalVote", { description: "The end user's vote on the post, and the post's vote count after the change." });

export const PortalStatusSchema = z
  .object({
    id: idOf("sts"),
    name: z.string().openapi({ description: "The team's name; `translations` holds it in the portal's other languages." }),
    category: z.enum(STATUS_CATEGORIES),
    color: z.string(),
    onRoadmap: z.boolean().openapi({ description: "A column of the roadmap (`GET /portal/roadmap`)." }),
    translations: StatusTranslationsSchema,
  })
  .openapi("PortalStatus");

export const RoadmapQuery = z.object({
  boardId: idOf("brd").optional().openapi({ description: "Only posts of this board." }),
  limit: PageQuery.limit.openapi({ description: "Posts per column, 1–100." }),
});

export const RoadmapSchema = z
  .object({
    columns: z.array(
      z.object({
        status: PortalStatusSchema,
        posts: z.array(PortalPostSchema),
        nextCursor: z
          .string()
          .nullable()
          .openapi({ description: "Continues with `GET /portal/posts?sort=votes&status=<status id>` (and the same `boardId`)." }),
      }),
    ),
  })
  .openapi("Roadmap", {
    description: "One column per status the team shows on the roadmap (`onRoadmap`), in the team's order, each with its public posts, most voted first.",
  });

export const PortalChangelogEntrySchema = z
  .object({
    id: idOf("chg"),
    title: z.string(),
    body: z.string().openapi({ description: "Markdown." }),
    type: ChangelogType,
    publishedAt: timestamp,
    posts: z.array(z.object({ id: idOf("post"), title: z.string() })).openapi({ description: "The announced posts of public boards." }),
  })
  .openapi("PortalChangelogEntry");

export const PortalChangelogListSchema = listOf(PortalChangelogEntrySchema, "PortalChangelogList");

export const PortalMeSchema = z
  .object({ user: PortalUserSchema, voteCount: z.number().int(), postCount: z.number().int() })
  .openapi("PortalMe", { description: "The identified end user, with their votes and posts on the portal." });

export const PortalWorkspaceSchema = z
  .object({
    name: z.string(),
    slug: z.string(),
    portalVisibility: z.enum(["public", "private"]),
    identityVerification: z.boolean(),
    accentColor: z.string().nullable().openapi({ description: "The workspace's accent colour as `#rrggbb` (the widget's launcher takes it); null: Heed's." }),
    boards: z
      .array(z.object({ id: idOf("brd"), slug: z.string(), name: z.string(), description: z.string() }))
      .openapi({ description: "Public boards, in the order the team set." }),
    statuses: z.array(PortalStatusSchema).openapi({ description: "Every status, in the team's order." }),
    viewer: z
      .object({ id: idOf("usr"), externalId: z.string() })
      .nullable()
      .openapi({ description: "The end user of the token, if one was sent." }),
  })
  .openapi("PortalWorkspace", { description: "An anonymous reader of a private portal gets the name and visibility only." });
