import { createRoute, z, type OpenAPIHono } from "@hono/zod-openapi";
import { EVENT_NAMES, EVENT_TYPES, listWebhookEventTypes, type EventType } from "../../core/webhooks/events.js";
import { eventEnvelope } from "./payloads.js";
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
    200: jsonContent(
      z
        .object({
          data: z.array(
            z.object({
              type: z.string(),
              description: z.string(),
              schema: z.record(z.string(), z.unknown()).openapi({ description: "JSON Schema of the delivered body." }),
            }),
          ),
        })
        .openapi("WebhookEventTypes"),
      "The event types with the JSON Schema of their payloads.",
    ),
    ...errorResponses(),
  },
});

// JSON Schema of every payload, computed once from the zod schemas.
const PAYLOAD_JSON_SCHEMAS = Object.fromEntries(
  EVENT_NAMES.map((type) => [type, z.toJSONSchema(eventEnvelope(type), { unrepresentable: "any" }) as Record<string, unknown>]),
) as Record<EventType, Record<string, unknown>>;

/** The OpenAPI document's `webhooks` section: one entry per event, with its payload schema. */
export function registerWebhookDocs(app: OpenAPIHono<AppEnv>): void {
  for (const type of EVENT_NAMES) {
    app.openAPIRegistry.registerWebhook({
      method: "post",
      path: type,
      operationId: `${type.replace(/\.(\w)/g, (_, letter: string) => letter.toUpperCase())}Webhook`,
      summary: type,
      security: [{ webhookSignature: [] }],
      description: `${EVENT_TYPES[type]} Signed with the endpoint's secret: headers webhook-id, webhook-timestamp, webhook-signature (Standard Webhooks).`,
      request: { body: { content: { "application/json": { schema: eventEnvelope(type) } } } },
      responses: { 200: { description: "Any 2xx acknowledges the delivery; 410 disables the endpoint; anything else is retried." } },
    });
  }
}

export const operations: Operation[] = [
  ...endpointOperations,
  ...deliveryOperations,
  {
    route: eventTypes,
    register: (app: OpenAPIHono<AppEnv>) =>
      app.openapi(eventTypes, (c) =>
        c.json({ data: listWebhookEventTypes({ ctx: c.get("ctx") }).map((e) => ({ ...e, schema: PAYLOAD_JSON_SCHEMAS[e.type as EventType]! })) }, 200),
      ),
  },
];
