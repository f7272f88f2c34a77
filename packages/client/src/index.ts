// @heed/client: the typed Heed API on openapi-fetch. Types come from `schema.ts`, generated from the
// server's own OpenAPI document.
export {
  createHeedClient,
  createPortalClient,
  createSessionClient,
  type ApiPaths,
  type ClientOptions,
  type HeedClient,
  type PortalClient,
  type PortalPaths,
  type SessionClient,
} from "./clients.js";
export { HeedApiError, type Problem } from "./errors.js";
export { paginate, type ListItem, type ListParameters, type ListPath } from "./paginate.js";
export type { RetryOptions, Transport } from "./retry.js";
export type { TypedClient } from "./typed-client.js";
export { verifyWebhook, type WebhookEvent, type WebhookTestEvent } from "./webhooks.js";
export type { components, operations, paths, webhooks } from "./schema.js";
export type { HeedWidget, WidgetIdentity, WidgetPage } from "./widget.js";

import type { components } from "./schema.js";

/** The shapes of the API, by name: `Schemas["Post"]`, `Schemas["PortalPost"]`, … */
export type Schemas = components["schemas"];
