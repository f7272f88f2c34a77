import { z } from "@hono/zod-openapi";
import { EVENT_NAMES, type EventType } from "../../../platform/changes/events.js";
import { listWebhookEventTypes } from "../event-types.js";
import { defineOperation } from "../../../http/define-operation.js";
import { secretKey } from "../../../http/route-security.js";
import { eventEnvelope } from "../payload-schema.js";

// JSON Schema of every payload, computed once from the zod schemas.
const PAYLOAD_JSON_SCHEMAS = Object.fromEntries(
  EVENT_NAMES.map((type) => [type, z.toJSONSchema(eventEnvelope(type), { unrepresentable: "any" }) as Record<string, unknown>]),
) as Record<EventType, Record<string, unknown>>;

const EventTypesSchema = z
  .object({
    data: z.array(
      z.object({
        type: z.string(),
        description: z.string(),
        schema: z.record(z.string(), z.unknown()).openapi({ description: "JSON Schema of the delivered body." }),
      }),
    ),
  })
  .openapi("WebhookEventTypes");

export const listWebhookEventTypesOperation = defineOperation(
  {
    method: "get",
    path: "/webhooks/event-types",
    operationId: "listWebhookEventTypes",
    tag: "Webhooks",
    summary: "List the event types",
    description:
      "Every event an endpoint can subscribe to. Deliveries are `{type, timestamp, data}` with Standard Webhooks headers `webhook-id`, `webhook-timestamp`, `webhook-signature`.",
    credential: secretKey("webhooks:read"),
    answer: { status: 200, schema: EventTypesSchema, description: "The event types with the JSON Schema of their payloads." },
  },
  (c) => c.json({ data: listWebhookEventTypes({ ctx: c.get("ctx") }).map((e) => ({ ...e, schema: PAYLOAD_JSON_SCHEMAS[e.type as EventType]! })) }, 200),
);
