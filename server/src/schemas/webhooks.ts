import { z } from "@hono/zod-openapi";
import { idParam, text } from "./fields.js";

export const EndpointSchema = z
  .object({
    id: z.string(),
    url: z.string(),
    description: z.string(),
    events: z.array(z.string()).openapi({ description: 'Event names, or `["*"]` for every event.' }),
    enabled: z.boolean().openapi({ description: "A 410 answer from the receiver disables the endpoint." }),
    previousSecretExpiresAt: z.string().nullable().openapi({ description: "After a rotation: until when the old secret still signs." }),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .openapi("WebhookEndpoint");

export const EndpointWithSecretSchema = EndpointSchema.extend({
  secret: z.string().openapi({ description: "The Standard Webhooks signing secret (`whsec_…`). Shown this once." }),
}).openapi("WebhookEndpointWithSecret");

const fields = {
  url: text().max(2000).openapi({ description: "https; private, loopback and link-local targets are refused unless the operator allows them." }),
  events: z.array(text().max(64)).min(1).max(50),
  description: text().max(500).optional(),
  enabled: z.boolean().optional(),
};
export const CreateEndpointSchema = z.strictObject(fields).openapi("CreateWebhookEndpoint");
export const UpdateEndpointSchema = z
  .strictObject({ ...fields, url: fields.url.optional(), events: fields.events.optional() })
  .openapi("UpdateWebhookEndpoint");

export const endpointParam = idParam("whep", "webhook endpoint");
