import { z } from "@hono/zod-openapi";
import { countUserEvents, listUserEvents } from "../../core/users/events.js";
import { defineOperation } from "../../http/define-operation.js";
import { idParam, listOf, PageQuery, text, timestamp } from "../../schemas/fields.js";
import { secretKey } from "../../http/route-security.js";

const TrackedEventSchema = z
  .object({
    id: z.string().openapi({ example: "trk_01jd8x4y2b3c5d6e7f8g9h0j1k" }),
    event: z.string(),
    properties: z.record(z.string(), z.unknown()),
    occurredAt: timestamp,
    receivedAt: timestamp,
  })
  .openapi("TrackedEvent");

const EventCountSchema = z.object({ event: z.string(), count: z.number().int(), lastOccurredAt: timestamp }).openapi("EventCount");

export const listUserEventsOperation = defineOperation(
  {
    method: "get",
    path: "/users/{id}/events",
    operationId: "listUserEvents",
    tag: "End users",
    summary: "List an end user's tracked events",
    description: "What `POST /track` received for this end user, newest first.",
    credential: secretKey("users:read"),
    params: idParam("usr", "end user"),
    query: z.object({ event: text().max(100).optional().openapi({ description: "Only events with this name." }), ...PageQuery }),
    answer: { status: 200, schema: listOf(TrackedEventSchema, "TrackedEventList"), description: "A page of events." },
    errors: ["not_found"],
  },
  async (c) => c.json(await listUserEvents({ ctx: c.get("ctx"), input: { ...c.req.valid("query"), ...c.req.valid("param") } }), 200),
);

export const countUserEventsOperation = defineOperation(
  {
    method: "get",
    path: "/users/{id}/event-counts",
    operationId: "countUserEvents",
    tag: "End users",
    summary: "Count an end user's tracked events by name",
    description: "One row per event name (alphabetical), with how often and when last.",
    credential: secretKey("users:read"),
    params: idParam("usr", "end user"),
    query: z.object(PageQuery),
    answer: { status: 200, schema: listOf(EventCountSchema, "EventCountList"), description: "A page of counts." },
    errors: ["not_found"],
  },
  async (c) => c.json(await countUserEvents({ ctx: c.get("ctx"), input: { ...c.req.valid("query"), ...c.req.valid("param") } }), 200),
);
