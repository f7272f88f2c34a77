import { z } from "@hono/zod-openapi";
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  getWebhookEndpoint,
  listWebhookEndpoints,
  rotateWebhookSecret,
  sendWebhookTest,
  updateWebhookEndpoint,
} from "../endpoints.js";
import { defineOperation } from "../../../http/define-operation.js";
import { listOf, PageQuery, idOf } from "../../../platform/fields.js";
import { secretKey } from "../../../http/route-security.js";
import { CreateEndpointSchema, EndpointSchema, EndpointWithSecretSchema, endpointParam, UpdateEndpointSchema } from "../schema.js";

export const listWebhookEndpointsOperation = defineOperation(
  {
    method: "get",
    path: "/webhooks/endpoints",
    operationId: "listWebhookEndpoints",
    tag: "Webhooks",
    summary: "List webhook endpoints",
    credential: secretKey("webhooks:read"),
    query: z.object(PageQuery),
    answer: { status: 200, schema: listOf(EndpointSchema, "WebhookEndpointList"), description: "A page of endpoints." },
  },
  { verb: listWebhookEndpoints },
);

export const getWebhookEndpointOperation = defineOperation(
  {
    method: "get",
    path: "/webhooks/endpoints/{id}",
    operationId: "getWebhookEndpoint",
    tag: "Webhooks",
    summary: "Get a webhook endpoint",
    credential: secretKey("webhooks:read"),
    params: endpointParam,
    answer: { status: 200, schema: EndpointSchema, description: "The endpoint." },
  },
  { verb: getWebhookEndpoint },
);

export const createWebhookEndpointOperation = defineOperation(
  {
    method: "post",
    path: "/webhooks/endpoints",
    operationId: "createWebhookEndpoint",
    tag: "Webhooks",
    summary: "Subscribe an endpoint",
    description: "Deliveries are signed with the endpoint's secret (Standard Webhooks), shown in this answer only.",
    credential: secretKey("webhooks:write"),
    body: CreateEndpointSchema,
    answer: { status: 201, schema: EndpointWithSecretSchema, description: "The endpoint and its secret." },
  },
  { verb: createWebhookEndpoint },
);

export const updateWebhookEndpointOperation = defineOperation(
  {
    method: "patch",
    path: "/webhooks/endpoints/{id}",
    operationId: "updateWebhookEndpoint",
    tag: "Webhooks",
    summary: "Update a webhook endpoint",
    credential: secretKey("webhooks:write"),
    params: endpointParam,
    body: UpdateEndpointSchema,
    answer: { status: 200, schema: EndpointSchema, description: "The endpoint." },
  },
  { verb: updateWebhookEndpoint },
);

export const deleteWebhookEndpointOperation = defineOperation(
  {
    method: "delete",
    path: "/webhooks/endpoints/{id}",
    operationId: "deleteWebhookEndpoint",
    tag: "Webhooks",
    summary: "Delete a webhook endpoint",
    description: "Its pending deliveries go with it.",
    credential: secretKey("webhooks:write"),
    params: endpointParam,
    answer: { status: 204, description: "Deleted." },
  },
  { verb: deleteWebhookEndpoint },
);

export const rotateWebhookSecretOperation = defineOperation(
  {
    method: "post",
    path: "/webhooks/endpoints/{id}/rotate-secret",
    operationId: "rotateWebhookSecret",
    tag: "Webhooks",
    summary: "Rotate an endpoint's secret",
    description: "For 24 hours deliveries carry a signature by the old secret and one by the new, so the receiver can switch without missing one.",
    credential: secretKey("webhooks:write"),
    params: endpointParam,
    answer: { status: 200, schema: EndpointWithSecretSchema, description: "The endpoint and its new secret." },
  },
  { verb: rotateWebhookSecret },
);

export const sendWebhookTestOperation = defineOperation(
  {
    method: "post",
    path: "/webhooks/endpoints/{id}/test",
    operationId: "sendWebhookTest",
    tag: "Webhooks",
    summary: "Send a test event",
    description: "Queues a `webhook.test` delivery to this endpoint only.",
    credential: secretKey("webhooks:write"),
    params: endpointParam,
    answer: { status: 202, schema: z.object({ deliveryId: idOf("whd"), eventId: idOf("evt") }), description: "Queued." },
  },
  { verb: sendWebhookTest },
);
