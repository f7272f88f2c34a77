import { z } from "@hono/zod-openapi";
import { ACTOR_TYPES, AUDIT_ACTIONS, AUDIT_OBJECT_TYPES } from "../core/audit/vocabulary.js";
import { PageQuery, text } from "./fields.js";

/** Who made a change: its kind, and the member's, key's or end user's id (`null` for the operator). */
export const ActorSchema = z.object({ type: z.enum(ACTOR_TYPES), id: z.string().nullable() }).openapi("Actor");

/** What happened, as the audit log names it: `<object>.<what happened>`. */
export const AuditActionSchema = z.enum(AUDIT_ACTIONS).openapi("AuditAction", { example: "post.status_changed" });

export const AuditEntrySchema = z
  .object({
    id: z.string(),
    actor: ActorSchema,
    action: AuditActionSchema,
    object: z.object({ type: z.enum(AUDIT_OBJECT_TYPES), id: z.string() }),
    requestId: z.string().nullable().openapi({ description: "The request that made the change, as in its `x-request-id`." }),
    data: z.record(z.string(), z.unknown()),
    createdAt: z.string(),
  })
  .openapi("AuditEntry");

/** GET /audit-log's filters. */
export const AuditLogQuerySchema = z.object({
  objectId: text().max(64).optional().openapi({ description: "Only changes of this object." }),
  actorId: text().max(64).optional().openapi({ description: "Only changes by this member or API key." }),
  ...PageQuery,
});
