import { sql } from "kysely";
import { type Db, dialectOf } from "../db/database.js";
import { nowIso } from "../lib/clock.js";
import { newId } from "../lib/ids.js";
import type { AuditAction, AuditObjectType } from "./vocabulary.js";
import type { Ctx, Tx } from "../context.js";
import type { EventType } from "./events.js";
import { bumpVersion } from "./version.js";

export interface Change {
  action: AuditAction;
  objectType: AuditObjectType;
  objectId: string;
  /** What the audit log keeps about the change (changed fields, names). */
  audit?: Record<string, unknown>;
  /** When set, the webhook event of this change: its type and `data`. */
  event?: { type: EventType; data: unknown };
  /**
   * What the outbox's followers need to know beyond the event's `data`, which is published to
   * webhooks as it is (say, the names a notification mail shows). Kept beside the event, with who
   * acted (`actorId`, a person's id) and `quiet` when nobody is to be told (an undone bulk change).
   */
  facts?: Record<string, unknown>;
}

/**
 * Records a change inside the verb's transaction: its audit row and, for webhook-visible changes,
 * its outbox row, and raises the workspace's version so that cached answers and credentials of the
 * workspace are made anew. All commit or roll back with the change itself, so no committed change
 * lacks its event and no rolled-back change has one.
 */
export async function recordChange(tx: Tx, ctx: Pick<Ctx, "workspace" | "actor" | "requestId" | "origin" | "quiet">, change: Change): Promise<void> {
  const at = nowIso();
  await tx
    .insertInto("audit_log")
    .values({
      id: newId("audit"),
      workspace_id: ctx.workspace.id,
      actor_type: ctx.actor.type,
      actor_id: ctx.actor.id,
      action: change.action,
      object_type: change.objectType,
      object_id: change.objectId,
      request_id: ctx.requestId,
      // A change a tracker's webhook made says which integration it came through.
      data: JSON.stringify(ctx.origin ? { ...change.audit, via: ctx.origin } : (change.audit ?? {})),
      created_at: at,
    })
    .execute();
  if (change.event) {
    const { actor } = ctx;
    const person = actor.type === "member" || actor.type === "end_user" ? actor.id : null;
    const facts = { ...change.facts, ...(person ? { actorId: person } : {}), ...(ctx.quiet ? { quiet: true } : {}) };
    await tx
      .insertInto("outbox")
      .values({
        id: newId("event"),
        workspace_id: ctx.workspace.id,
        type: change.event.type,
        data: JSON.stringify(change.event.data),
        created_at: at,
        origin: ctx.origin ?? null,
        facts: Object.keys(facts).length > 0 ? JSON.stringify(facts) : null,
        // PostgreSQL numbers the event from its sequence; SQLite's one writer takes the next number.
        ...(dialectOf(tx) === "sqlite" ? { seq: sql<number>`(select coalesce(max(seq), 0) + 1 from outbox)` } : {}),
      })
      .execute();
  }
  await bumpVersion(tx, ctx.workspace.id);
}

/**
 * Records a change the system makes on its own that no one audits and no follower reads (a
 * recount, the team's mark of what it has seen, an import's rows, a tracker's issue state): raises
 * the workspace's version, in the transaction of the change where there is one, so that cached
 * answers of the workspace are made anew.
 */
export async function recordSystemChange(db: Db | Tx, workspaceId: string): Promise<void> {
  await bumpVersion(db, workspaceId);
}
