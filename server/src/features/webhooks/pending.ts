import { newId } from "../../platform/lib/ids.js";
import type { WebhookDeliveriesTable } from "../../platform/db/schema.js";
import type { Tx } from "../../platform/context.js";
import { UNLEASED } from "../../platform/queue/index.js";

// A new delivery waits as `pending`, due at once, with no attempt yet. Fan-out, test events, replays
// and recoveries all start deliveries this way.

type Event = Pick<WebhookDeliveriesTable, "workspace_id" | "endpoint_id" | "event_id" | "event_type" | "payload">;

export function pendingDelivery(event: Event, at: string): WebhookDeliveriesTable {
  return {
    id: newId("webhookDelivery"),
    workspace_id: event.workspace_id,
    endpoint_id: event.endpoint_id,
    event_id: event.event_id,
    event_type: event.event_type,
    payload: event.payload,
    state: "pending",
    attempts: 0,
    next_attempt_at: at,
    ...UNLEASED,
    last_status: null,
    last_error: null,
    last_duration_ms: null,
    last_response_excerpt: null,
    created_at: at,
    updated_at: at,
  };
}

/** Inserts deliveries in statements of at most 500 rows (PostgreSQL caps bound parameters). */
export async function insertDeliveries(tx: Tx, rows: WebhookDeliveriesTable[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 500)
    await tx
      .insertInto("webhook_deliveries")
      .values(rows.slice(i, i + 500))
      .execute();
}
