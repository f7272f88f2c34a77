import { nowIso } from "../../platform/lib/clock.js";
import type { Db } from "../../platform/db/database.js";
import { insertDeliveries, pendingDelivery } from "./pending.js";

/**
 * Turns committed outbox events into deliveries, one per subscribed endpoint. Events are claimed
 * with a conditional update (`dispatched_at is null`) in the same transaction that writes their
 * deliveries, so each event fans out exactly once, whatever the number of processes, and an event
 * whose fan-out rolled back is picked up again. Returns how many events it took.
 */
export async function fanOutEvents(db: Db, batchSize = 200): Promise<number> {
  const pending = await db.selectFrom("outbox").select("id").where("dispatched_at", "is", null).orderBy("id").limit(batchSize).execute();
  if (pending.length === 0) return 0;
  return db.transaction().execute(async (tx) => {
    const at = nowIso();
    const claimed = await tx
      .updateTable("outbox")
      .set({ dispatched_at: at })
      .where(
        "id",
        "in",
        pending.map((p) => p.id),
      )
      .where("dispatched_at", "is", null)
      .returning(["id", "workspace_id", "type", "data", "created_at"])
      .execute();
    if (claimed.length === 0) return 0;
    const workspaces = [...new Set(claimed.map((e) => e.workspace_id))];
    const endpoints = (
      await tx
        .selectFrom("webhook_endpoints")
        .select(["id", "workspace_id", "events"])
        .where("workspace_id", "in", workspaces)
        .where("enabled", "=", 1)
        .execute()
    ).map((endpoint) => ({ ...endpoint, events: new Set(JSON.parse(endpoint.events) as string[]) }));
    const deliveries = [];
    for (const event of claimed.sort((a, b) => (a.id < b.id ? -1 : 1))) {
      const subscribed = endpoints.filter((e) => e.workspace_id === event.workspace_id && (e.events.has("*") || e.events.has(event.type)));
      if (subscribed.length === 0) continue;
      // `data` is stored as JSON already: the envelope is built around it, not parsed and re-encoded.
      const payload = `{"type":${JSON.stringify(event.type)},"timestamp":${JSON.stringify(event.created_at)},"data":${event.data}}`;
      for (const endpoint of subscribed) {
        deliveries.push(
          pendingDelivery({ workspace_id: event.workspace_id, endpoint_id: endpoint.id, event_id: event.id, event_type: event.type, payload }, at),
        );
      }
    }
    await insertDeliveries(tx, deliveries);
    return claimed.length;
  });
}
