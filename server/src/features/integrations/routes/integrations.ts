import { z } from "@hono/zod-openapi";
import { defineOperation } from "../../../http/define-operation.js";
import { secretKey } from "../../../http/route-security.js";
import { listOf, PageQuery } from "../../../platform/fields.js";
import { listIntegrationTargets, testIntegration } from "../check.js";
import { createIntegration, deleteIntegration, getIntegration, listIntegrations, updateIntegration } from "../connect.js";
import { listIntegrationLog } from "../log.js";
import {
  CreatedIntegrationSchema,
  CreateIntegrationSchema,
  IntegrationLogEntrySchema,
  IntegrationSchema,
  IntegrationTargetSchema,
  integrationParam,
  UpdateIntegrationSchema,
} from "../schema.js";

const KEY = "Tokens are sealed with the server's INTEGRATIONS_KEY (503 `unavailable` when it has none) and never answered.";

export const listIntegrationsOperation = defineOperation(
  {
    method: "get",
    path: "/integrations",
    operationId: "listIntegrations",
    tag: "Integrations",
    summary: "List integrations",
    credential: secretKey("integrations:read"),
    query: z.object(PageQuery),
    answer: { status: 200, schema: listOf(IntegrationSchema, "IntegrationList"), description: "A page of integrations." },
  },
  { verb: listIntegrations },
);

export const createIntegrationOperation = defineOperation(
  {
    method: "post",
    path: "/integrations",
    operationId: "createIntegration",
    tag: "Integrations",
    summary: "Connect Slack, GitHub or Linear",
    description: `Slack: a bot token and a channel, or an incoming-webhook URL; the channel is told of the \`events\` on the \`boardIds\` (every board when empty). GitHub: a token and the repositories issues may be created in; register the answer's \`receiveUrl\` as the repositories' webhook (issues events) with the answer's \`signingSecret\`. Linear: a personal API key; register \`receiveUrl\` as a webhook (Issue events) and give its signing secret. \`statusMapping\` moves linked posts when their issue changes state. Nothing is sent to the provider now: \`POST /integrations/{id}/test\` tries it. ${KEY}`,
    credential: secretKey("integrations:write"),
    body: CreateIntegrationSchema,
    answer: { status: 201, schema: CreatedIntegrationSchema, description: "The integration; GitHub's new signing secret shown this once." },
    errors: ["unavailable"],
  },
  { verb: createIntegration },
);

export const getIntegrationOperation = defineOperation(
  {
    method: "get",
    path: "/integrations/{id}",
    operationId: "getIntegration",
    tag: "Integrations",
    summary: "Get an integration",
    credential: secretKey("integrations:read"),
    params: integrationParam,
    answer: { status: 200, schema: IntegrationSchema, description: "The integration." },
  },
  { verb: getIntegration },
);

export const updateIntegrationOperation = defineOperation(
  {
    method: "patch",
    path: "/integrations/{id}",
    operationId: "updateIntegration",
    tag: "Integrations",
    summary: "Update an integration",
    description: `Fields given replace the integration's; a new \`token\`, \`webhookUrl\` or \`signingSecret\` replaces the sealed one. ${KEY}`,
    credential: secretKey("integrations:write"),
    params: integrationParam,
    body: UpdateIntegrationSchema,
    answer: { status: 200, schema: IntegrationSchema, description: "The integration." },
    errors: ["unavailable"],
  },
  { verb: updateIntegration },
);

export const deleteIntegrationOperation = defineOperation(
  {
    method: "delete",
    path: "/integrations/{id}",
    operationId: "deleteIntegration",
    tag: "Integrations",
    summary: "Disconnect an integration",
    description: "Its issue links, queued sends and log go with it; posts and the issues in the tracker stay.",
    credential: secretKey("integrations:write"),
    params: integrationParam,
    answer: { status: 204, description: "Disconnected." },
  },
  { verb: deleteIntegration },
);

export const testIntegrationOperation = defineOperation(
  {
    method: "post",
    path: "/integrations/{id}/test",
    operationId: "testIntegration",
    tag: "Integrations",
    summary: "Try an integration",
    description:
      "Queues a test: Slack posts a message to the channel; GitHub and Linear check the token. What the provider answered appears in `GET /integrations/{id}/log` within seconds, and the integration's `account` says whose credentials they are.",
    credential: secretKey("integrations:write"),
    params: integrationParam,
    answer: { status: 202, schema: z.object({ queued: z.boolean() }).openapi("IntegrationTestQueued"), description: "The test is queued." },
  },
  { verb: testIntegration },
);

export const listIntegrationTargetsOperation = defineOperation(
  {
    method: "get",
    path: "/integrations/{id}/targets",
    operationId: "listIntegrationTargets",
    tag: "Integrations",
    summary: "Where issues can be created",
    description: "GitHub: the integration's repositories; Linear: the teams the key sees (asked of Linear now; 503 when it does not answer). Slack: none.",
    credential: secretKey("integrations:read"),
    params: integrationParam,
    answer: {
      status: 200,
      schema: z.object({ data: z.array(IntegrationTargetSchema) }).openapi("IntegrationTargetList"),
      description: "The targets.",
    },
    errors: ["unavailable"],
  },
  { verb: listIntegrationTargets },
);

export const listIntegrationLogOperation = defineOperation(
  {
    method: "get",
    path: "/integrations/{id}/log",
    operationId: "listIntegrationLog",
    tag: "Integrations",
    summary: "What an integration sent and received",
    description:
      "Newest first, kept 30 days: each message, issue and comment sent (with retries and failures), and each webhook received (applied, ignored, a repeat, or refused).",
    credential: secretKey("integrations:read"),
    params: integrationParam,
    query: z.object(PageQuery),
    answer: { status: 200, schema: listOf(IntegrationLogEntrySchema, "IntegrationLog"), description: "A page of the log." },
  },
  { verb: listIntegrationLog },
);
