import { z } from "@hono/zod-openapi";
import { CreateEndpointBody, UpdateEndpointBody } from "../../../../packages/shared/src/bodies/webhooks.js";
import { dateTime, documented, idParam, PageQuery, text, idOf } from "../../platform/fields.js";
import { ReceiverHealthFields } from "../../platform/turn-off/index.js";

export const EndpointSchema = z
  .object({
    id: idOf("whep"),
    url: z.string(),
    description: z.string(),
    events: z.array(z.string()).openapi({ description: 'Event names, or `["*"]` for every event.' }),
    enabled: z.boolean().openapi({
      description:
        "Heed turns an endpoint off when its receiver answers 410, or when its attempts keep failing (`disabledReason`); `enabled: true` turns it back on and sends what it held.",
    }),
    previousSecretExpiresAt: z.string().nullable().openapi({ description: "After a rotation: until when the old secret still signs." }),
    ...ReceiverHealthFields,
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .openapi("WebhookEndpoint");

export const EndpointWithSecretSchema = EndpointSchema.extend({
  secret: z.string().openapi({ description: "The Standard Webhooks signing secret (`whsec_…`). Shown this once." }),
}).openapi("WebhookEndpointWithSecret");

const words = { url: { description: "https; private, loopback and link-local targets are refused unless the operator allows them." } };
export const CreateEndpointSchema = documented(CreateEndpointBody, words).openapi("CreateWebhookEndpoint");
export const UpdateEndpointSchema = documented(UpdateEndpointBody, words).openapi("UpdateWebhookEndpoint");

export const endpointParam = idParam("whep", "webhook endpoint");

/** `held`: waiting while Heed has the endpoint turned off. */
const deliveryState = z.enum(["pending", "held", "succeeded", "failed"]);

export const DeliverySchema = z
  .object({
    id: idOf("whd"),
    endpointId: idOf("whep"),
    eventId: idOf("evt").openapi({ description: "The `webhook-id` the receiver saw; the same on retries and replays." }),
    eventType: z.string(),
    state: deliveryState,
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

/** One try at sending a delivery. */
export const AttemptSchema = z.object({
  attempt: z.number().int(),
  startedAt: z.string(),
  status: z.number().int().nullable(),
  durationMs: z.number().int(),
  responseExcerpt: z.string().nullable(),
  error: z.string().nullable(),
});

export const DeliveryWithAttemptsSchema = DeliverySchema.extend({ attemptLog: z.array(AttemptSchema) }).openapi("WebhookDeliveryWithAttempts");

export const DeliveryQuerySchema = z.object({
  eventType: text().max(64).optional(),
  eventId: idOf("evt").optional(),
  state: deliveryState.optional(),
  ...PageQuery,
});

export const RecoverDeliveriesSchema = z.strictObject({ since: dateTime() }).openapi("RecoverWebhookDeliveries");
