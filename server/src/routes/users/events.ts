import { createRoute, z, type OpenAPIHono } from "@hono/zod-openapi";
import { countUserEvents, listUserEvents } from "../../core/users/events.js";
import type { AppEnv } from "../../http/env.js";
import { errorResponses, idParam, jsonContent, listOf, PageQuery, requiresScope, text, timestamp } from "../../http/openapi.js";
import type { Operation } from "../operation.js";

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

const events = createRoute({
  method: "get",
  path: "/users/{id}/events",
  operationId: "listUserEvents",
  tags: ["End users"],
  summary: "List an end user's tracked events",
  description: "What `POST /track` received for this end user, newest first. Requires `users:read`.",
  security: requiresScope("users:read"),
  request: {
    params: idParam("usr", "end user"),
    query: z.object({ event: text().max(100).optional().openapi({ description: "Only events with this name." }), ...PageQuery }),
  },
  responses: { 200: jsonContent(listOf(TrackedEventSchema, "TrackedEventList"), "A page of events."), ...errorResponses({ extra: ["not_found"] }) },
});

const counts = createRoute({
  method: "get",
  path: "/users/{id}/event-counts",
  operationId: "countUserEvents",
  tags: ["End users"],
  summary: "Count an end user's tracked events by name",
  description: "One row per event name (alphabetical), with how often and when last. Requires `users:read`.",
  security: requiresScope("users:read"),
  request: { params: idParam("usr", "end user"), query: z.object(PageQuery) },
  responses: { 200: jsonContent(listOf(EventCountSchema, "EventCountList"), "A page of counts."), ...errorResponses({ extra: ["not_found"] }) },
});

export const operations: Operation[] = [
  {
    route: events,
    register: (app: OpenAPIHono<AppEnv>) =>
      app.openapi(events, async (c) => c.json(await listUserEvents({ ctx: c.get("ctx"), input: { ...c.req.valid("query"), ...c.req.valid("param") } }), 200)),
  },
  {
    route: counts,
    register: (app) =>
      app.openapi(counts, async (c) => c.json(await countUserEvents({ ctx: c.get("ctx"), input: { ...c.req.valid("query"), ...c.req.valid("param") } }), 200)),
  },
];
