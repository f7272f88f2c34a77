import type { z } from "@hono/zod-openapi";
import type { AuditEntrySchema, AuditLogQuerySchema } from "./schema.js";
import { reader, type Ctx } from "../../platform/context.js";
import { byId, keysetPage } from "../../platform/pagination/keyset.js";
import type { Page } from "../../platform/pagination/page.js";
import { requireScope } from "../../platform/scopes.js";
import { objectNames } from "./names.js";

/** One audit log entry as the API shows it. */
export type AuditEntryView = z.output<typeof AuditEntrySchema>;

/** The filters and page of GET /audit-log. */
export type ListAuditInput = z.output<typeof AuditLogQuerySchema>;

/** Who did what to which object, newest first; filters use their own indexes (audit_by_*). */
export async function listAuditLog({ ctx, input }: { ctx: Ctx; input: ListAuditInput }): Promise<Page<AuditEntryView>> {
  requireScope(ctx.actor.scopes, "workspace:read");
  let query = reader(ctx).selectFrom("audit_log").selectAll().where("workspace_id", "=", ctx.workspace.id);
  if (input.objectId) query = query.where("object_id", "=", input.objectId);
  if (input.actorId) query = query.where("actor_id", "=", input.actorId);
  if (input.action) query = query.where("action", "=", input.action);
  const page = await keysetPage(ctx, {
    key: JSON.stringify(["audit", ctx.workspace.id, input.objectId ?? null, input.actorId ?? null, input.action ?? null]),
    input,
    query,
    order: byId("desc"),
    shape: (rows) => rows,
  });
  const names = await objectNames(
    reader(ctx),
    ctx.workspace.id,
    page.data.map((r) => ({ type: r.object_type, id: r.object_id })),
  );
  return {
    ...page,
    data: page.data.map((r) => ({
      id: r.id,
      actor: { type: r.actor_type, id: r.actor_id },
      action: r.action,
      object: { type: r.object_type, id: r.object_id, name: names.get(r.object_id) ?? null },
      requestId: r.request_id,
      data: JSON.parse(r.data) as Record<string, unknown>,
      createdAt: r.created_at,
    })),
  };
}
