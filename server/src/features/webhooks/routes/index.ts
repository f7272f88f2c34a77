import type { Operation } from "../../../http/define-operation.js";
import {
  getWebhookDeliveryOperation,
  listWebhookDeliveriesOperation,
  recoverWebhookDeliveriesOperation,
  replayWebhookDeliveryOperation,
} from "./deliveries.js";
import {
  createWebhookEndpointOperation,
  deleteWebhookEndpointOperation,
  getWebhookEndpointOperation,
  listWebhookEndpointsOperation,
  rotateWebhookSecretOperation,
  sendWebhookTestOperation,
  updateWebhookEndpointOperation,
} from "./endpoints.js";
import { listWebhookEventTypesOperation } from "./event-types.js";

export const operations: Operation[] = [
  listWebhookEndpointsOperation,
  getWebhookEndpointOperation,
  createWebhookEndpointOperation,
  updateWebhookEndpointOperation,
  deleteWebhookEndpointOperation,
  rotateWebhookSecretOperation,
  sendWebhookTestOperation,
  listWebhookDeliveriesOperation,
  getWebhookDeliveryOperation,
  replayWebhookDeliveryOperation,
  recoverWebhookDeliveriesOperation,
  listWebhookEventTypesOperation,
];
