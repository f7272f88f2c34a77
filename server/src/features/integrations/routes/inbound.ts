import type { Context } from "hono";
import { defineOperation } from "../../../http/define-operation.js";
import type { AppEnv } from "../../../http/env.js";
import { providerSignature } from "../../../http/route-security.js";
import { receiveGitHubWebhook, receiveLinearWebhook } from "../receive.js";
import { inboundParams, ReceivedSchema } from "../schema.js";

// The trackers' webhooks. No Heed credential: the provider's signature over the raw body is the
// credential (401 when it does not match), so the body is read as text, never parsed first. The
// reference documents the body as the JSON object each provider sends, and the signature as the
// route's security.

const describe = (name: string, signature: string) =>
  `Where ${name} reports issue changes (the integration's \`receiveUrl\`). Verified with ${signature} against the integration's signing secret (401 when it does not match); a delivery id received before is acknowledged and changes nothing. A linked issue's new state moves its posts through the \`statusMapping\`.`;

const answer = { status: 200, schema: ReceivedSchema, description: "Received (`received: false` when the integration is disabled)." } as const;

/** The delivery as the provider sent it: the integration from the path, the raw body, the headers. */
async function delivery(c: Context<AppEnv>) {
  return { integrationId: c.req.param("id") ?? "", body: await c.req.text(), headers: c.req.raw.headers };
}

export const receiveGitHubWebhookOperation = defineOperation(
  {
    method: "post",
    path: "/integrations/github/{id}/webhook",
    operationId: "receiveGitHubWebhook",
    tag: "Integrations",
    summary: "Receive GitHub's webhook",
    description: describe("GitHub", "`X-Hub-Signature-256`"),
    credential: providerSignature("githubSignature"),
    params: inboundParams,
    rawJson: {
      description: "GitHub's delivery, exactly as sent.",
      schema: {
        type: "object",
        description: "A GitHub webhook payload (`issues` and `ping` events are read; others are acknowledged and ignored), as GitHub documents it.",
        additionalProperties: true,
      },
    },
    answer,
    errors: ["invalid_credential", "unavailable"],
  },
  async (c) => c.json(await receiveGitHubWebhook(c.get("services"), await delivery(c)), 200),
);

export const receiveLinearWebhookOperation = defineOperation(
  {
    method: "post",
    path: "/integrations/linear/{id}/webhook",
    operationId: "receiveLinearWebhook",
    tag: "Integrations",
    summary: "Receive Linear's webhook",
    description: describe("Linear", "`Linear-Signature` (and `webhookTimestamp` within a minute)"),
    credential: providerSignature("linearSignature"),
    params: inboundParams,
    rawJson: {
      description: "Linear's delivery, exactly as sent.",
      schema: {
        type: "object",
        description:
          "A Linear webhook payload (`Issue` events are read; others are acknowledged and ignored), as Linear documents it, with its `webhookTimestamp`.",
        additionalProperties: true,
      },
    },
    answer,
    errors: ["invalid_credential", "unavailable"],
  },
  async (c) => c.json(await receiveLinearWebhook(c.get("services"), await delivery(c)), 200),
);
