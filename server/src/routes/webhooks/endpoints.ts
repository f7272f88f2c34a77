import { createRoute, z, type OpenAPIHono } from "@hono/zod-openapi";
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  getWebhookEndpoint,
  listWebhookEndpoints,
  rotateWebhookSecret,
  sendWebhookTest,
  updateWebhookEndpoint,
} from "../../core/webhooks/endpoints.js";
import type { AppEnv } from "../../http/env.js";
import { IdempotencyHeaders, PageQuery, errorResponses, jsonBody, jsonContent, listOf, requiresScope } from "../../http/openapi.js";
import type { Operation } from "../operation.js";
import { CreateEndpointSchema, EndpointSchema, EndpointWithSecretSchema, UpdateEndpointSchema, endpointParam } from "./schemas.js";

const tags = ["Webhooks"];

const list = createRoute({
  method: "get",
  path: "/webhooks/endpoints",
  operationId: "listWebhookEndpoints",
  tags,
  summary: "List webhook endpoints",
  description: "Requires `webhooks:read`.",
  security: requiresScope("webhooks:read"),
  request: { query: z.object(PageQuery) },
  responses: { 200: jsonContent(listOf(EndpointSchema, "WebhookEndpointList"), "A page of endpoints."), ...errorResponses() },
});
const get = createRoute({
  method: "get",
  path: "/webhooks/endpoints/{id}",
  operationId: "getWebhookEndpoint",
  tags,
  summary: "Get a webhook endpoint",
  description: "Requires `webhooks:read`.",
  security: requiresScope("webhooks:read"),
  request: { params: endpointParam },
  responses: { 200: jsonContent(EndpointSchema, "The endpoint."), ...errorResponses({ extra: ["not_found"] }) },
});
const create = createRoute({
  method: "post",
  path: "/webhooks/endpoints",
  operationId: "createWebhookEndpoint",
  tags,
  summary: "Subscribe an endpoint",
  description: "Deliveries are signed with the endpoint's secret (Standard Webhooks), shown in this answer only. Requires `webhooks:write`.",
  security: requiresScope("webhooks:write"),
  request: { headers: IdempotencyHeaders, body: jsonBody(CreateEndpointSchema) },
  responses: { 201: jsonContent(EndpointWithSecretSchema, "The endpoint and its secret."), ...errorResponses({ body: true }) },
});
const update = createRoute({
  method: "patch",
  path: "/webhooks/endpoints/{id}",
  operationId: "updateWebhookEndpoint",
  tags,
  summary: "Update a webhook endpoint",
  description: "Requires `webhooks:write`.",
  security: requiresScope("webhooks:write"),
  request: { headers: IdempotencyHeaders, params: endpointParam, body: jsonBody(UpdateEndpointSchema) },
  responses: { 200: jsonContent(EndpointSchema, "The endpoint."), ...errorResponses({ body: true, extra: ["not_found"] }) },
});
const remove = createRoute({
  method: "delete",
  path: "/webhooks/endpoints/{id}",
  operationId: "deleteWebhookEndpoint",
  tags,
  summary: "Delete a webhook endpoint",
  description: "Its pending deliveries go with it. Requires `webhooks:write`.",
  security: requiresScope("webhooks:write"),
  request: { headers: IdempotencyHeaders, params: endpointParam },
  responses: { 204: { description: "Deleted." }, ...errorResponses({ write: true, extra: ["not_found"] }) },
});
const rotate = createRoute({
  method: "post",
  path: "/webhooks/endpoints/{id}/rotate-secret",
  operationId: "rotateWebhookSecret",
  tags,
  summary: "Rotate an endpoint's secret",
  description:
    "For 24 hours deliveries carry a signature by the old secret and one by the new, so the receiver can switch without missing one. Requires `webhooks:write`.",
  security: requiresScope("webhooks:write"),
  request: { headers: IdempotencyHeaders, params: endpointParam },
  responses: { 200: jsonContent(EndpointWithSecretSchema, "The endpoint and its new secret."), ...errorResponses({ write: true, extra: ["not_found"] }) },
});
const test = createRoute({
  method: "post",
  path: "/webhooks/endpoints/{id}/test",
  operationId: "sendWebhookTest",
  tags,
  summary: "Send a test event",
  description: "Queues a `webhook.test` delivery to this endpoint only. Requires `webhooks:write`.",
  security: requiresScope("webhooks:write"),
  request: { headers: IdempotencyHeaders, params: endpointParam },
  responses: {
    202: jsonContent(z.object({ deliveryId: z.string(), eventId: z.string() }), "Queued."),
    ...errorResponses({ write: true, extra: ["not_found"] }),
  },
});

export const endpointOperations: Operation[] = [
  {
    route: list,
    register: (app: OpenAPIHono<AppEnv>) =>
      app.openapi(list, async (c) => c.json(await listWebhookEndpoints({ ctx: c.get("ctx"), input: c.req.valid("query") }), 200)),
  },
  { route: get, register: (app) => app.openapi(get, async (c) => c.json(await getWebhookEndpoint({ ctx: c.get("ctx"), input: c.req.valid("param") }), 200)) },
  {
    route: create,
    register: (app) => app.openapi(create, async (c) => c.json(await createWebhookEndpoint({ ctx: c.get("ctx"), input: c.req.valid("json") }), 201)),
  },
  {
    route: update,
    register: (app) =>
      app.openapi(update, async (c) =>
        c.json(await updateWebhookEndpoint({ ctx: c.get("ctx"), input: { ...c.req.valid("json"), id: c.req.valid("param").id } }), 200),
      ),
  },
  {
    route: remove,
    register: (app) =>
      app.openapi(remove, async (c) => {
        await deleteWebhookEndpoint({ ctx: c.get("ctx"), input: c.req.valid("param") });
        return c.body(null, 204);
      }),
  },
  {
    route: rotate,
    register: (app) => app.openapi(rotate, async (c) => c.json(await rotateWebhookSecret({ ctx: c.get("ctx"), input: c.req.valid("param") }), 200)),
  },
  { route: test, register: (app) => app.openapi(test, async (c) => c.json(await sendWebhookTest({ ctx: c.get("ctx"), input: c.req.valid("param") }), 202)) },
];
