import type { ActorType, AuditAction, AuditObjectType } from "./vocabulary.js";
import { reader, type Ctx } from "../context.js";
import { afterCursor, BY_ID, toPage, type Page, type PageInput } from "../pagination/page.js";
import { requireScope } from "../scopes.js";

export interface AuditEntryView {
  id: string;
  actor: { type: ActorType; id: string | null };
  action: AuditAction;
  object: { type: AuditObjectType; id: string };
  requestId: string | null;
  data: Record<string, unknown>;
  createdAt: string;
}

export interface ListAuditInput extends PageInput {
  objectId?: string;
  actorId?: string;
}

/** Who did what to which object, newest first; filters use their own indexes (audit_by_*). */
export async function listAuditLog({ ctx, input }: { ctx: Ctx; input: ListAuditInput }): Promise<Page<AuditEntryView>> {
  requireScope(ctx.actor.scopes, "workspace:read");
  const queryKey = JSON.stringify(["audit", ctx.workspace.id, input.objectId ?? null, input.actorId ?? null]);
  const after = afterCursor(ctx.services.cursorSecret, queryKey, input, BY_ID);
  let query = reader(ctx)
    .selectFrom("audit_log")
    .selectAll()
    .where("workspace_id", "=", ctx.workspace.id)
    .orderBy("id", "desc")
    .limit(input.limit + 1);
  if (input.objectId) query = query.where("object_id", "=", input.objectId);
  if (input.actorId) query = query.where("actor_id", "=", input.actorId);
  if (after) query = query.where("id", "<", after[0]);
  return toPage(
    await query.execute(),
    input.limit,
    ctx.services.cursorSecret,
    queryKey,
    (r) => [r.id],
    (rows) =>
      rows.map((r) => ({
        id: r.id,
        actor: { type: r.actor_type, id: r.actor_id },
        action: r.action,
        object: { type: r.object_type, id: r.object_id },
        requestId: r.request_id,
        data: JSON.parse(r.data) as Record<string, unknown>,
        createdAt: r.created_at,
      })),
  );
}
