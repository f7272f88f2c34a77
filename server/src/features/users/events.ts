import type { z } from "@hono/zod-openapi";
import type { EventCountSchema, ListUserEventsQuery, TrackedEventSchema } from "./schema.js";
import { reader, type Ctx } from "../../platform/context.js";
import { notFound } from "../../platform/errors.js";
import { byId, keysetPage } from "../../platform/pagination/keyset.js";
import type { Page, PageInput } from "../../platform/pagination/page.js";
import { requireScope } from "../../platform/scopes.js";
import { findUser } from "./view.js";

/** An event `/v1/track` received, as the API shows it. */
export type TrackedEventView = z.output<typeof TrackedEventSchema>;

/** How often an end user did one thing, and when last. */
export type EventCountView = z.output<typeof EventCountSchema>;

/** The validated query of `GET /users/{id}/events`, with the user's id from the path. */
export type ListUserEventsInput = z.output<typeof ListUserEventsQuery> & { id: string };

async function liveUser(ctx: Ctx, id: string): Promise<string> {
  const user = await findUser(reader(ctx), ctx, id);
  if (!user) throw notFound("end user", id);
  return user.id;
}

/** What an end user did, as `/v1/track` received it: newest first, optionally one event name. */
export async function listUserEvents({ ctx, input }: { ctx: Ctx; input: ListUserEventsInput }): Promise<Page<TrackedEventView>> {
  requireScope(ctx.actor.scopes, "users:read");
  return keysetPage(ctx, {
    key: JSON.stringify(["user-events", ctx.workspace.id, input.id, input.event ?? null]),
    input,
    query: async () => {
      const userId = await liveUser(ctx, input.id);
      let query = reader(ctx)
        .selectFrom("tracked_events")
        .select(["id", "event", "properties", "occurred_at", "created_at"])
        .where("workspace_id", "=", ctx.workspace.id)
        .where("user_id", "=", userId);
      if (input.event !== undefined) query = query.where("event", "=", input.event);
      return query;
    },
    order: byId("desc"),
    shape: (rows) =>
      rows.map((r) => ({
        id: r.id,
        event: r.event,
        properties: JSON.parse(r.properties) as Record<string, unknown>,
        occurredAt: r.occurred_at,
        receivedAt: r.created_at,
      })),
  });
}

/** How often the end user did each thing, by event name (alphabetical). */
export async function countUserEvents({ ctx, input }: { ctx: Ctx; input: PageInput & { id: string } }): Promise<Page<EventCountView>> {
  requireScope(ctx.actor.scopes, "users:read");
  return keysetPage(ctx, {
    key: JSON.stringify(["user-event-counts", ctx.workspace.id, input.id]),
    input,
    query: async () =>
      reader(ctx)
        .selectFrom("tracked_events")
        .select((eb) => ["event", eb.fn.countAll<number>().as("count"), eb.fn.max("occurred_at").as("last_occurred_at")])
        .where("workspace_id", "=", ctx.workspace.id)
        .where("user_id", "=", await liveUser(ctx, input.id))
        .groupBy("event"),
    order: { by: ["event"], kinds: ["string"], direction: "asc" },
    shape: (rows) => rows.map((r) => ({ event: r.event, count: Number(r.count), lastOccurredAt: r.last_occurred_at })),
  });
}
