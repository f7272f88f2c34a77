import type { z } from "@hono/zod-openapi";
import type { EventCountSchema, ListUserEventsQuery, TrackedEventSchema } from "./schema.js";
import { reader, type Ctx } from "../../platform/context.js";
import { notFound } from "../../platform/errors.js";
import { afterCursor, BY_ID, type Page, pageById, type PageInput, toPage } from "../../platform/pagination/page.js";
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
  const queryKey = JSON.stringify(["user-events", ctx.workspace.id, input.id, input.event ?? null]);
  return pageById(
    ctx.services.cursorSecret,
    queryKey,
    input,
    // The user is looked up after the cursor is checked: a malformed request is a 400 whatever it names.
    async (afterId, take) => {
      const userId = await liveUser(ctx, input.id);
      let query = reader(ctx)
        .selectFrom("tracked_events")
        .select(["id", "event", "properties", "occurred_at", "created_at"])
        .where("workspace_id", "=", ctx.workspace.id)
        .where("user_id", "=", userId)
        .orderBy("id", "desc")
        .limit(take);
      if (input.event !== undefined) query = query.where("event", "=", input.event);
      if (afterId) query = query.where("id", "<", afterId);
      return query.execute();
    },
    (rs) =>
      rs.map((r) => ({
        id: r.id,
        event: r.event,
        properties: JSON.parse(r.properties) as Record<string, unknown>,
        occurredAt: r.occurred_at,
        receivedAt: r.created_at,
      })),
  );
}

/** How often the end user did each thing, by event name (alphabetical). */
export async function countUserEvents({ ctx, input }: { ctx: Ctx; input: PageInput & { id: string } }): Promise<Page<EventCountView>> {
  requireScope(ctx.actor.scopes, "users:read");
  const queryKey = JSON.stringify(["user-event-counts", ctx.workspace.id, input.id]);
  const after = afterCursor(ctx.services.cursorSecret, queryKey, input, BY_ID);
  const userId = await liveUser(ctx, input.id);
  let query = reader(ctx)
    .selectFrom("tracked_events")
    .select((eb) => ["event", eb.fn.countAll<number>().as("count"), eb.fn.max("occurred_at").as("last_occurred_at")])
    .where("workspace_id", "=", ctx.workspace.id)
    .where("user_id", "=", userId)
    .groupBy("event")
    .orderBy("event")
    .limit(input.limit + 1);
  if (after) query = query.where("event", ">", after[0]);
  return toPage(
    await query.execute(),
    input.limit,
    ctx.services.cursorSecret,
    queryKey,
    (r) => [r.event],
    (rs) => rs.map((r) => ({ event: r.event, count: Number(r.count), lastOccurredAt: r.last_occurred_at })),
  );
}
