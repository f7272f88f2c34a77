import type { Services, Tx } from "../../platform/context.js";
import { EVENT_NAMES } from "../../platform/changes/events.js";
import { type Follower, followOnce, type OutboxEvent } from "../../platform/changes/follow.js";
import { nowIso } from "../../platform/lib/clock.js";
import { insertDeliveries, pendingDelivery } from "./pending.js";

/**
 * Turns outbox events into deliveries, one per subscribed endpoint, in the transaction that moves
 * the webhooks' cursor: each event fans out once, whatever the number of processes. An endpoint
 * Heed turned off (platform/turn-off) gets its deliveries held, to be sent when it is turned on
 * again; one turned off by hand gets none.
 */
async function fanOut(tx: Tx, events: OutboxEvent[]): Promise<void> {
  const at = nowIso();
  const workspaces = [...new Set(events.map((e) => e.workspaceId))];
  const endpoints = (
    await tx
      .selectFrom("webhook_endpoints")
      .select(["id", "workspace_id", "events", "enabled"])
      .where("workspace_id", "in", workspaces)
      .where((eb) => eb.or([eb("enabled", "=", 1), eb("disabled_reason", "is not", null)]))
      .execute()
  ).map((endpoint) => ({ ...endpoint, events: new Set(JSON.parse(endpoint.events) as string[]) }));
  const deliveries = [];
  for (const event of events) {
    const subscribed = endpoints.filter((e) => e.workspace_id === event.workspaceId && (e.events.has("*") || e.events.has(event.type)));
    if (subscribed.length === 0) continue;
    // `data` is stored as JSON already: the envelope is built around it, not parsed and re-encoded.
    const payload = `{"type":${JSON.stringify(event.type)},"timestamp":${JSON.stringify(event.createdAt)},"data":${event.data}}`;
    for (const endpoint of subscribed) {
      const delivery = pendingDelivery({ workspace_id: event.workspaceId, endpoint_id: endpoint.id, event_id: event.id, event_type: event.type, payload }, at);
      deliveries.push(endpoint.enabled === 1 ? delivery : { ...delivery, state: "held" as const, next_attempt_at: null });
    }
  }
  await insertDeliveries(tx, deliveries);
}

export const webhookFollower: Follower = { name: "webhooks", types: EVENT_NAMES, handle: fanOut, batchSize: 200 };

/** One batch of the webhooks' follower; how many events it read. */
export function fanOutEvents(services: Services): Promise<number> {
  return followOnce(services, webhookFollower);
}
