import { z } from "@hono/zod-openapi";
import { getWebhookDelivery, listWebhookDeliveries, recoverWebhookDeliveries, replayWebhookDelivery } from "../deliveries.js";
import { defineOperation } from "../../../http/define-operation.js";
import { idParam, listOf } from "../../../platform/fields.js";
import { secretKey } from "../../../http/route-security.js";
import { DeliveryQuerySchema, DeliverySchema, DeliveryWithAttemptsSchema, endpointParam, RecoverDeliveriesSchema } from "../schema.js";

const deliveryParam = idParam("whd", "delivery");

export const listWebhookDeliveriesOperation = defineOperation(
  {
    method: "get",
    path: "/webhooks/endpoints/{id}/deliveries",
    operationId: "listWebhookDeliveries",
    tag: "Webhooks",
    summary: "List an endpoint's deliveries",
    description: "Newest first; filter by event type, event id or state.",
    credential: secretKey("webhooks:read"),
    params: endpointParam,
    query: DeliveryQuerySchema,
    answer: { status: 200, schema: listOf(DeliverySchema, "WebhookDeliveryList"), description: "A page of deliveries." },
  },
  { verb: listWebhookDeliveries, idAs: "endpointId" },
);

export const getWebhookDeliveryOperation = defineOperation(
  {
    method: "get",
    path: "/webhooks/deliveries/{id}",
    operationId: "getWebhookDelivery",
    tag: "Webhooks",
    summary: "Get a delivery with its attempts",
    credential: secretKey("webhooks:read"),
    params: deliveryParam,
    answer: { status: 200, schema: DeliveryWithAttemptsSchema, description: "The delivery and every attempt." },
  },
  { verb: getWebhookDelivery },
);

export const replayWebhookDeliveryOperation = defineOperation(
  {
    method: "post",
    path: "/webhooks/deliveries/{id}/replay",
    operationId: "replayWebhookDelivery",
    tag: "Webhooks",
    summary: "Replay a delivery",
    description: "Sends the event again, signed anew, under the same `webhook-id`, as a new delivery with a fresh retry schedule.",
    credential: secretKey("webhooks:write"),
    params: deliveryParam,
    answer: { status: 202, schema: DeliverySchema, description: "The new delivery." },
  },
  { verb: replayWebhookDelivery },
);

export const recoverWebhookDeliveriesOperation = defineOperation(
  {
    method: "post",
    path: "/webhooks/endpoints/{id}/recover",
    operationId: "recoverWebhookDeliveries",
    tag: "Webhooks",
    summary: "Re-send failed deliveries since a time",
    description: "Every delivery to the endpoint that failed since `since` is sent again.",
    credential: secretKey("webhooks:write"),
    params: endpointParam,
    body: RecoverDeliveriesSchema,
    answer: { status: 202, schema: z.object({ recovered: z.number().int() }), description: "How many deliveries were queued again." },
  },
  async (c) =>
    c.json(
      await recoverWebhookDeliveries({
        ctx: c.get("ctx"),
        input: { endpointId: c.req.valid("param").id, since: new Date(c.req.valid("json").since).toISOString() },
      }),
      202,
    ),
);
