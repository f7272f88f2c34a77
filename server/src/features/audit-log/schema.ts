import { z } from "@hono/zod-openapi";
import { ACTOR_TYPES, AUDIT_ACTIONS, AUDIT_OBJECT_TYPES } from "../../platform/changes/vocabulary.js";
import { ID_PREFIXES } from "../../platform/lib/ids.js";
import { PageQuery, idOf } from "../../platform/fields.js";

/** The ids an actor has: a member's, an API key's, an end user's. */
const ACTORS = ["mem", "key", "usr"] as const;
/** The ids an audit row's object may have: any kind of Heed's. */
const OBJECTS = Object.values(ID_PREFIXES);

/** Who made a change: its kind, and the member's, key's or end user's id (`null` for the operator). */
export const ActorSchema = z.object({ type: z.enum(ACTOR_TYPES), id: idOf(ACTORS).nullable() }).openapi("Actor");

/** What happened, as the audit log names it: `<object>.<what happened>`. */
export const AuditActionSchema = z.enum(AUDIT_ACTIONS).openapi("AuditAction", { example: "post.status_changed" });

export const AuditEntrySchema = z
  .object({
    id: idOf("aud"),
    actor: ActorSchema,
    action: AuditActionSchema,
    object: z.object({
      type: z.enum(AUDIT_OBJECT_TYPES),
      id: idOf(OBJECTS),
      name: z.string().nullable().openapi({
        description:
          "What the object is called now: a post's or changelog entry's title; a board's, status's, tag's, company's, key's, member's or workspace's name; an end user's name or email; an invite's email; an endpoint's URL. Null once it is deleted, and for comments and deliveries.",
      }),
    }),
    requestId: z
      .string()
      .nullable()
      .openapi({ description: "The request that made the change, as in its `x-request-id`; for a change a bulk job made, the job's id (`bulk_…`)." }),
    data: z.record(z.string(), z.unknown()),
    createdAt: z.string(),
  })
  .openapi("AuditEntry");

/** GET /audit-log's filters. */
export const AuditLogQuerySchema = z.object({
  objectId: idOf(OBJECTS).optional().openapi({ description: "Only changes of this object." }),
  actorId: idOf(ACTORS).optional().openapi({ description: "Only changes by this member, API key or end user." }),
  action: AuditActionSchema.optional().openapi({ description: "Only changes of this kind, such as `post.status_changed`." }),
  ...PageQuery,
});
