import type { IntegrationsTable } from "../../platform/db/schema.js";
import type { IntegrationSettings as Addresses, Services } from "../../platform/context.js";
import { githubClient } from "./providers/github.js";
import { linearClient } from "./providers/linear.js";
import { slackSender } from "./providers/slack.js";
import type { SlackSender, TrackerClient } from "./providers/types.js";
import { credentialOf, settingsOf } from "./settings.js";

// An integration's connection to its provider, made from its sealed credential and the server's
// addresses for that provider (never an address from the request).

const DEFAULTS: Addresses = {
  key: undefined,
  githubApiUrl: "https://api.github.com",
  linearApiUrl: "https://api.linear.app/graphql",
  slackApiUrl: "https://slack.com/api/",
  slackHooksUrl: "https://hooks.slack.com/",
};

/** How long one call to a provider may take before it counts as a timeout (and is retried). */
export const PROVIDER_TIMEOUT_MS = 10_000;

export function trackerOf(services: Services, row: IntegrationsTable): TrackerClient {
  const addresses = services.integrations ?? DEFAULTS;
  const timeoutMs = addresses.timeoutMs ?? PROVIDER_TIMEOUT_MS;
  const credential = credentialOf(services, row);
  if (!("token" in credential)) throw new Error("a tracker integration holds a token");
  if (row.provider === "github")
    return githubClient({ token: credential.token, baseUrl: addresses.githubApiUrl, repositories: settingsOf(row).repositories }, timeoutMs);
  if (row.provider === "linear") return linearClient({ apiKey: credential.token, apiUrl: addresses.linearApiUrl }, timeoutMs);
  throw new Error(`${row.provider} is not a tracker`);
}

export function slackOf(services: Services, row: IntegrationsTable): SlackSender {
  const addresses = services.integrations ?? DEFAULTS;
  const timeoutMs = addresses.timeoutMs ?? PROVIDER_TIMEOUT_MS;
  const credential = credentialOf(services, row);
  if ("webhookUrl" in credential) return slackSender({ webhookUrl: credential.webhookUrl }, timeoutMs);
  return slackSender({ botToken: credential.token, channel: settingsOf(row).channel ?? "", apiUrl: addresses.slackApiUrl }, timeoutMs);
}
