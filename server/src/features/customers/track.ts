import type { z } from "@hono/zod-openapi";
import { isoAt, nowIso, nowMs } from "../../platform/lib/clock.js";
import { newId } from "../../platform/lib/ids.js";
import type { TrackedEventsTable } from "../../platform/db/schema.js";
import type { TrackEventSchema, TrackResultSchema } from "./schema.js";
import { inTransaction } from "../../platform/context.js";
import type { FieldError } from "../../platform/errors.js";
import type { CustomerCtx } from "../../http/credentials/customer-context.js";

/** One validated event of `POST /track` (a single body, or an item of a batch). */
export type TrackEventInput = z.output<typeof TrackEventSchema>;

/** What `POST /track` answers: how many events were stored, and which were refused and why. */
export type TrackResult = z.output<typeof TrackResultSchema>;

/** A refused event, by its index in the batch. */
export type TrackRejection = TrackResult["rejected"][number];

/** `lastSeenAt` is for people ("is this user still around?"): minute precision saves a write per batch. */
const LAST_SEEN_PRECISION_MS = 60_000;

/** Events stamped further ahead than this are refused: a clock that wrong would reorder a timeline. */
const MAX_FUTURE_MS = 24 * 3_600_000;

/**
 * Stores a batch of events for the identified end user (the user token) or an anonymous id, each
 * checked on its own: a bad event is reported by its index and the good ones are kept. One
 * multi-row insert per batch; tracked events are data, not changes, so they have no audit row.
 * `invalid` carries the events that already failed validation of their shape.
 */
export async function track({
  ctx,
  events,
  invalid,
}: {
  ctx: CustomerCtx;
  events: { index: number; event: TrackEventInput }[];
  invalid: TrackRejection[];
}): Promise<TrackResult> {
  const viewer = ctx.customer.viewer;
  const rejected = [...invalid];
  const now = nowMs();
  const at = isoAt(now);
  const rows: TrackedEventsTable[] = [];
  for (const { index, event } of events) {
    const errors: FieldError[] = [];
    if (!viewer && event.anonymousId === undefined) {
      errors.push({ pointer: "/anonymousId", code: "required", detail: "Send an end-user token (x-service-user-token) or an anonymousId." });
    }
    const occurred = event.timestamp === undefined ? now : Date.parse(event.timestamp);
    if (occurred > now + MAX_FUTURE_MS) errors.push({ pointer: "/timestamp", code: "too_large", detail: "More than 24 hours in the future." });
    if (errors.length > 0) {
      rejected.push({ index, errors });
      continue;
    }
    rows.push({
      id: newId("trackedEvent"),
      workspace_id: ctx.workspace.id,
      user_id: viewer?.id ?? null,
      anonymous_id: event.anonymousId ?? null,
      event: event.event,
      properties: JSON.stringify(event.properties ?? {}),
      occurred_at: isoAt(occurred),
      created_at: at,
    });
  }
  if (rows.length > 0) {
    await inTransaction(ctx, async (tx) => {
      await tx.insertInto("tracked_events").values(rows).execute();
      if (viewer) {
        await tx
          .updateTable("users")
          .set({ last_seen_at: nowIso() })
          .where("workspace_id", "=", ctx.workspace.id)
          .where("id", "=", viewer.id)
          .where((eb) => eb.or([eb("last_seen_at", "is", null), eb("last_seen_at", "<", isoAt(now - LAST_SEEN_PRECISION_MS))]))
          .execute();
      }
    });
  }
  rejected.sort((a, b) => a.index - b.index);
  return { accepted: rows.length, rejected };
}
