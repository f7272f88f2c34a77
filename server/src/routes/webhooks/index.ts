import { createRoute, z, type OpenAPIHono } from "@hono/zod-openapi";
import { listEventTypes } from "../../core/webhooks/events.js";
import type { AppEnv } from "../../http/env.js";
import { errorResponses, jsonContent, requiresScope } from "../../http/openapi.js";
import type { Operation } from "../operation.js";
import { deliveryOperations } from "./deliveries.js";
import { endpointOperations } from "./endpoints.js";

const eventTypes = createRoute({
  method: "get",
  path: "/webhooks/event-types",
  operationId: "listWebhookEventTypes",
  tags: ["Webhooks"],
  summary: "List the event types",
  description:
    "Every event an endpoint can subscribe to. Deliveries are `{type, timestamp, data}` with Standard Webhooks headers `webhook-id`, `webhook-timestamp`, `webhook-signature`. Requires `webhooks:read`.",
  security: requiresScope("webhooks:read"),
  responses: {
    200: jsonContent(z.object({ data: z.array(z.object({ type: z.string(), description: z.string() })) }).openapi("WebhookEventTypes"), "The event types."),
    ...errorResponses(),
  },
});

export const operations: Operation[] = [
  ...endpointOperations,
  ...deliveryOperations,
  {
    route: eventTypes,
    register: (app: OpenAPIHono<AppEnv>) =>
      app.openapi(eventTypes, (c) => c.json({ data: listEventTypes({ ctx: c.get("ctx") }) }, 200)),
  },
];
