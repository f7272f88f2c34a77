import { Webhook } from "standardwebhooks";
import type { webhooks } from "./schema.js";

/** Every event Heed sends, as the OpenAPI document's `webhooks` section describes it. */
export type WebhookEvent = {
  [Type in keyof webhooks]: NonNullable<webhooks[Type]["post"]["requestBody"]>["content"]["application/json"];
}[keyof webhooks];

/** What `POST /webhooks/endpoints/{id}/test` sends. */
export interface WebhookTestEvent {
  type: "webhook.test";
  timestamp: string;
  data: { endpointId: string; message: string };
}

type HeaderBag = Headers | Record<string, string | string[] | undefined>;

function headerRecord(headers: HeaderBag): Record<string, string> {
  if (typeof (headers as Headers).get === "function") return Object.fromEntries((headers as Headers).entries());
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) if (value !== undefined) out[name.toLowerCase()] = Array.isArray(value) ? value.join(", ") : value;
  return out;
}

/**
 * Checks a delivery's Standard Webhooks signature (`webhook-id`, `webhook-timestamp`,
 * `webhook-signature`) against the endpoint's secret (`whsec_…`), and a timestamp within five
 * minutes; returns the event, or throws. Pass the raw body as received, before any JSON parsing.
 * During your own rotation, pass both secrets.
 */
export function verifyWebhook(payload: string, headers: HeaderBag, secret: string | readonly string[]): WebhookEvent | WebhookTestEvent {
  const secrets = typeof secret === "string" ? [secret] : secret;
  const record = headerRecord(headers);
  let failure: unknown = new Error("No secret to verify with.");
  for (const candidate of secrets) {
    try {
      return new Webhook(candidate).verify(payload, record) as WebhookEvent | WebhookTestEvent;
    } catch (error) {
      failure = error;
    }
  }
  throw failure;
}
