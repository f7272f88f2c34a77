import { z } from "@hono/zod-openapi";
import { EVENT_TYPES, type EventType } from "../../platform/changes/events.js";
import { orNull, timestamp, idOf } from "../../platform/fields.js";
import { BoardSchema } from "../boards/index.js";
import { ChangelogEntrySchema } from "../changelog/index.js";
import { CommentSchema } from "../comments/index.js";
import { PostSchema, StatusRefSchema } from "../posts/index.js";
import { UserSchema } from "../users/index.js";
import { VoterSchema } from "../votes/index.js";

// What each event's `data` holds, in the same zod schemas the routes answer with: the webhooks
// section of the OpenAPI document and GET /v1/webhooks/event-types are generated from these.

const moved = z.object({ votes: z.number().int(), comments: z.number().int() });

const EVENT_DATA: Record<EventType, z.ZodType> = {
  "post.created": PostSchema,
  "post.updated": PostSchema,
  "post.status_changed": z.object({ post: PostSchema, previousStatus: StatusRefSchema, comment: orNull(CommentSchema).optional() }),
  "post.merged": z.object({ post: PostSchema, into: PostSchema, moved }),
  "post.deleted": z.object({ id: idOf("post"), boardId: idOf("brd"), title: z.string(), deletedAt: z.string() }),
  "vote.created": VoterSchema.extend({ postId: idOf("post"), voteCount: z.number().int() }),
  "vote.deleted": z.object({ postId: idOf("post"), userId: idOf("usr"), voteCount: z.number().int() }),
  "comment.created": CommentSchema,
  "comment.updated": CommentSchema,
  "comment.deleted": z.object({ id: idOf("cmt"), postId: idOf("post"), internal: z.boolean(), deletedAt: z.string() }),
  "changelog.published": ChangelogEntrySchema,
  "board.created": BoardSchema,
  "board.updated": BoardSchema,
  "board.deleted": z.object({ id: idOf("brd"), slug: z.string(), name: z.string(), movedPostsTo: idOf("brd").nullable().optional() }),
  "user.identified": UserSchema,
  "user.erased": z.object({ id: idOf("usr"), erasedAt: timestamp }),
};

/** The delivered body of one event type: `{type, timestamp, data}`. */
export function eventEnvelope(type: EventType) {
  return z.object({ type: z.literal(type), timestamp, data: EVENT_DATA[type] }).openapi({ description: EVENT_TYPES[type] });
}
