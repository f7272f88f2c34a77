import type { Operation } from "../../../http/define-operation.js";
import { receiveGitHubWebhookOperation, receiveLinearWebhookOperation } from "./inbound.js";
import {
  createIntegrationOperation,
  deleteIntegrationOperation,
  getIntegrationOperation,
  listIntegrationLogOperation,
  listIntegrationsOperation,
  listIntegrationTargetsOperation,
  testIntegrationOperation,
  updateIntegrationOperation,
} from "./integrations.js";
import { createIssueLinkOperation, deleteIssueLinkOperation, listIssueLinksOperation, sendCommentToIssuesOperation } from "./issue-links.js";

export const operations: Operation[] = [
  listIntegrationsOperation,
  createIntegrationOperation,
  getIntegrationOperation,
  updateIntegrationOperation,
  deleteIntegrationOperation,
  testIntegrationOperation,
  listIntegrationTargetsOperation,
  listIntegrationLogOperation,
  listIssueLinksOperation,
  createIssueLinkOperation,
  deleteIssueLinkOperation,
  sendCommentToIssuesOperation,
  receiveGitHubWebhookOperation,
  receiveLinearWebhookOperation,
];
