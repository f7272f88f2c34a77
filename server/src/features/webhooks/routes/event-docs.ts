import type { OpenAPIHono } from "@hono/zod-openapi";
import { EVENT_NAMES, EVENT_TYPES } from "../../../platform/changes/events.js";
import type { AppEnv } from "../../../http/env.js";
import { eventEnvelope } from "../payload-schema.js";

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
