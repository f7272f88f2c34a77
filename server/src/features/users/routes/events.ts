import { z } from "@hono/zod-openapi";
import { countUserEvents, listUserEvents } from "../events.js";
import { defineOperation } from "../../../http/define-operation.js";
import { idParam, PageQuery } from "../../../platform/fields.js";
import { secretKey } from "../../../http/route-security.js";
import { EventCountListSchema, ListUserEventsQuery, TrackedEventListSchema } from "../schema.js";

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
    query: ListUserEventsQuery,
    answer: { status: 200, schema: TrackedEventListSchema, description: "A page of events." },
  },
  { verb: listUserEvents },
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
    answer: { status: 200, schema: EventCountListSchema, description: "A page of counts." },
  },
  { verb: countUserEvents },
);
