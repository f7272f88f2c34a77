import type { Context } from "hono";
import { defineOperation } from "../../../http/define-operation.js";
import type { AppEnv } from "../../../http/env.js";
import { noCredential } from "../../../http/route-security.js";
import { receiveGitHubWebhook, receiveLinearWebhook } from "../receive.js";
import { inboundParams, ReceivedSchema } from "../schema.js";

// The trackers' webhooks. No Heed credential: the provider's signature over the raw body is the
// credential (401 when it does not match), so the body is read as text, never parsed first.

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
    credential: noCredential(),
    params: inboundParams,
    upload: { mediaType: "application/json", description: "GitHub's delivery, exactly as sent." },
    answer,
    errors: ["invalid_credential", "not_found", "unavailable"],
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
    credential: noCredential(),
    params: inboundParams,
    upload: { mediaType: "application/json", description: "Linear's delivery, exactly as sent." },
    answer,
    errors: ["invalid_credential", "not_found", "unavailable"],
  },
  async (c) => c.json(await receiveLinearWebhook(c.get("services"), await delivery(c)), 200),
);
