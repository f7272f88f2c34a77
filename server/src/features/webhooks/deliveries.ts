import type { z } from "@hono/zod-openapi";
import { nowIso } from "../../platform/lib/clock.js";
import type { WebhookDeliveriesTable } from "../../platform/db/schema.js";
import type { AttemptSchema, DeliveryQuerySchema, DeliverySchema, DeliveryWithAttemptsSchema, RecoverDeliveriesSchema } from "./schema.js";
import { recordChange } from "../../platform/changes/record.js";
import { inTransaction, reader, type Ctx, type Tx } from "../../platform/context.js";
import { notFound } from "../../platform/errors.js";
import { byId, keysetPage } from "../../platform/pagination/keyset.js";
import type { Page } from "../../platform/pagination/page.js";
import { requireScope } from "../../platform/scopes.js";
import { findEndpoint } from "./endpoints.js";
import { insertDeliveries, pendingDelivery } from "./pending.js";

/** A webhook delivery as the API shows it. */
export type DeliveryView = z.output<typeof DeliverySchema>;

/** One try at sending a delivery, as the API shows it. */
export type AttemptView = z.output<typeof AttemptSchema>;

function toView(row: WebhookDeliveriesTable): DeliveryView {
  return {
    id: row.id,
    endpointId: row.endpoint_id,
    eventId: row.event_id,
    eventType: row.event_type,
    state: row.state,
    attempts: row.attempts,
    nextAttemptAt: row.next_attempt_at,
    lastStatus: row.last_status,
    lastError: row.last_error,
    lastDurationMs: row.last_duration_ms ?? null,
    lastResponseExcerpt: row.last_response_excerpt ?? null,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** New pending deliveries of the same events (same `webhook-id`), each with a fresh retry schedule. */
async function resend(tx: Tx, originals: WebhookDeliveriesTable[]): Promise<WebhookDeliveriesTable[]> {
  const at = nowIso();
  const rows = originals.map((original) => pendingDelivery(original, at));
  await insertDeliveries(tx, rows);
  return rows;
}

export async function listWebhookDeliveries({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: z.output<typeof DeliveryQuerySchema> & { endpointId: string };
}): Promise<Page<DeliveryView>> {
  requireScope(ctx.actor.scopes, "webhooks:read");
  const db = reader(ctx);
  return keysetPage(ctx, {
    key: JSON.stringify(["deliveries", ctx.workspace.id, input.endpointId, input.eventType ?? null, input.eventId ?? null, input.state ?? null]),
    input,
    query: async () => {
      const endpointId = (await findEndpoint(db, ctx, input.endpointId)).id;
      let query = db.selectFrom("webhook_deliveries").selectAll().where("workspace_id", "=", ctx.workspace.id).where("endpoint_id", "=", endpointId);
      if (input.eventType) query = query.where("event_type", "=", input.eventType);
      if (input.eventId) query = query.where("event_id", "=", input.eventId);
      if (input.state) query = query.where("state", "=", input.state);
      return query;
    },
    order: byId("desc"),
    shape: (rows) => rows.map(toView),
  });
}

export async function getWebhookDelivery({ ctx, input }: { ctx: Ctx; input: { id: string } }): Promise<z.output<typeof DeliveryWithAttemptsSchema>> {
  requireScope(ctx.actor.scopes, "webhooks:read");
  const db = reader(ctx);
  const row = await db.selectFrom("webhook_deliveries").selectAll().where("workspace_id", "=", ctx.workspace.id).where("id", "=", input.id).executeTakeFirst();
  if (!row) throw notFound("webhook delivery", input.id);
  const attempts = await db.selectFrom("webhook_attempts").selectAll().where("delivery_id", "=", row.id).orderBy("attempt").execute();
  return {
    ...toView(row),
    attemptLog: attempts.map((a) => ({
      attempt: a.attempt,
      startedAt: a.started_at,
      status: a.status,
      durationMs: a.duration_ms,
      responseExcerpt: a.response_excerpt,
      error: a.error,
    })),
  };
}

/** Sends a delivery's event again, signed anew, under the same `webhook-id`. */
export async function replayWebhookDelivery({ ctx, input }: { ctx: Ctx; input: { id: string } }): Promise<DeliveryView> {
  requireScope(ctx.actor.scopes, "webhooks:write");
  return inTransaction(ctx, async (tx) => {
    const original = await tx
      .selectFrom("webhook_deliveries")
      .selectAll()
      .where("workspace_id", "=", ctx.workspace.id)
      .where("id", "=", input.id)
      .executeTakeFirst();
    if (!original) throw notFound("webhook delivery", input.id);
    const replay = (await resend(tx, [original]))[0]!;
    await recordChange(tx, ctx, { action: "webhook_delivery.replayed", objectType: "webhook_delivery", objectId: original.id, audit: { replay: replay.id } });
    return toView(replay);
  });
}

/** Sends again every delivery to the endpoint that failed since `since` (after an outage, say). */
export async function recoverWebhookDeliveries({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: z.output<typeof RecoverDeliveriesSchema> & { endpointId: string };
}): Promise<{ recovered: number }> {
  requireScope(ctx.actor.scopes, "webhooks:write");
  return inTransaction(ctx, async (tx) => {
    const endpointId = (await findEndpoint(tx, ctx, input.endpointId)).id;
    const failed = await tx
      .selectFrom("webhook_deliveries")
      .selectAll()
      .where("workspace_id", "=", ctx.workspace.id)
      .where("endpoint_id", "=", endpointId)
      .where("state", "=", "failed")
      .where("created_at", ">=", input.since)
      .orderBy("id")
      .execute();
    await resend(tx, failed);
    await recordChange(tx, ctx, {
      action: "webhook_endpoint.recovered",
      objectType: "webhook_endpoint",
      objectId: endpointId,
      audit: { since: input.since, recovered: failed.length },
    });
    return { recovered: failed.length };
  });
}
