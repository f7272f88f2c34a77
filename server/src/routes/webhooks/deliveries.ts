import { createRoute, z, type OpenAPIHono } from "@hono/zod-openapi";
import { getWebhookDelivery, listWebhookDeliveries, recoverWebhookDeliveries, replayWebhookDelivery } from "../../core/webhooks/deliveries.js";
import type { AppEnv } from "../../http/env.js";
import { IdempotencyHeaders, PageQuery, errorResponses, idParam, jsonBody, jsonContent, listOf, requiresScope, text, dateTime } from "../../http/openapi.js";
import type { Operation } from "../operation.js";
import { endpointParam } from "./schemas.js";

const tags = ["Webhooks"];
const state = z.enum(["pending", "succeeded", "failed"]);

const DeliverySchema = z
  .object({
    id: z.string(),
    endpointId: z.string(),
    eventId: z.string().openapi({ description: "The `webhook-id` the receiver saw; the same on retries and replays." }),
    eventType: z.string(),
    state,
    attempts: z.number().int(),
    nextAttemptAt: z.string().nullable(),
    lastStatus: z.number().int().nullable(),
    lastError: z.string().nullable(),
    lastDurationMs: z.number().int().nullable(),
    lastResponseExcerpt: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .openapi("WebhookDelivery");

const DeliveryWithAttemptsSchema = DeliverySchema.extend({
  attemptLog: z.array(
    z.object({
      attempt: z.number().int(),
      startedAt: z.string(),
      status: z.number().int().nullable(),
      durationMs: z.number().int(),
      responseExcerpt: z.string().nullable(),
      error: z.string().nullable(),
    }),
  ),
}).openapi("WebhookDeliveryWithAttempts");

const deliveryParam = idParam("whd", "delivery");

const list = createRoute({
  method: "get",
  path: "/webhooks/endpoints/{id}/deliveries",
  operationId: "listWebhookDeliveries",
  tags,
  summary: "List an endpoint's deliveries",
  description: "Newest first; filter by event type, event id or state. Requires `webhooks:read`.",
  security: requiresScope("webhooks:read"),
  request: {
    params: endpointParam,
    query: z.object({ eventType: text().max(64).optional(), eventId: text().max(64).optional(), state: state.optional(), ...PageQuery }),
  },
  responses: { 200: jsonContent(listOf(DeliverySchema, "WebhookDeliveryList"), "A page of deliveries."), ...errorResponses({ extra: ["not_found"] }) },
});
const get = createRoute({
  method: "get",
  path: "/webhooks/deliveries/{id}",
  operationId: "getWebhookDelivery",
  tags,
  summary: "Get a delivery with its attempts",
  description: "Requires `webhooks:read`.",
  security: requiresScope("webhooks:read"),
  request: { params: deliveryParam },
  responses: { 200: jsonContent(DeliveryWithAttemptsSchema, "The delivery and every attempt."), ...errorResponses({ extra: ["not_found"] }) },
});
const replay = createRoute({
  method: "post",
  path: "/webhooks/deliveries/{id}/replay",
  operationId: "replayWebhookDelivery",
  tags,
  summary: "Replay a delivery",
  description: "Sends the event again, signed anew, under the same `webhook-id`, as a new delivery with a fresh retry schedule. Requires `webhooks:write`.",
  security: requiresScope("webhooks:write"),
  request: { headers: IdempotencyHeaders, params: deliveryParam },
  responses: { 202: jsonContent(DeliverySchema, "The new delivery."), ...errorResponses({ write: true, extra: ["not_found"] }) },
});
const recover = createRoute({
  method: "post",
  path: "/webhooks/endpoints/{id}/recover",
  operationId: "recoverWebhookDeliveries",
  tags,
  summary: "Re-send failed deliveries since a time",
  description: "Every delivery to the endpoint that failed since `since` is sent again. Requires `webhooks:write`.",
  security: requiresScope("webhooks:write"),
  request: { headers: IdempotencyHeaders, params: endpointParam, body: jsonBody(z.strictObject({ since: dateTime() }).openapi("RecoverWebhookDeliveries")) },
  responses: {
    202: jsonContent(z.object({ recovered: z.number().int() }), "How many deliveries were queued again."),
    ...errorResponses({ body: true, extra: ["not_found"] }),
  },
});

export const deliveryOperations: Operation[] = [
  {
    route: list,
    register: (app: OpenAPIHono<AppEnv>) =>
      app.openapi(list, async (c) =>
        c.json(await listWebhookDeliveries({ ctx: c.get("ctx"), input: { ...c.req.valid("query"), endpointId: c.req.valid("param").id } }), 200),
      ),
  },
  { route: get, register: (app) => app.openapi(get, async (c) => c.json(await getWebhookDelivery({ ctx: c.get("ctx"), input: c.req.valid("param") }), 200)) },
  {
    route: replay,
    register: (app) => app.openapi(replay, async (c) => c.json(await replayWebhookDelivery({ ctx: c.get("ctx"), input: c.req.valid("param") }), 202)),
  },
  {
    route: recover,
    register: (app) =>
      app.openapi(recover, async (c) =>
        c.json(
          await recoverWebhookDeliveries({
            ctx: c.get("ctx"),
            input: { endpointId: c.req.valid("param").id, since: new Date(c.req.valid("json").since).toISOString() },
          }),
          202,
        ),
      ),
  },
];
