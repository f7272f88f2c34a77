import type { IntegrationProvider, IntegrationsTable } from "../../platform/db/schema.js";
import type { Services } from "../../platform/context.js";
import { HeedError } from "../../platform/errors.js";
import { requireKey, seal, unseal } from "./seal.js";
import { SLACK_EVENTS } from "../../../../packages/shared/src/bodies/integrations.js";

// What an integration keeps: its settings in plain JSON (nothing secret), its credential sealed.

export type SlackEvent = (typeof SLACK_EVENTS)[number];
export const SLACK_EVENT_NAMES: readonly SlackEvent[] = SLACK_EVENTS;

export interface IntegrationSettings {
  /** Which credential is sealed (so a view needs no key to say it). */
  credential: "token" | "webhook_url";
  /** Slack with a bot token: where messages go. */
  channel: string | null;
  /** Slack: only posts of these boards; empty, every board. */
  boardIds: string[];
  events: SlackEvent[];
  /** GitHub: where issues may be created. */
  repositories: string[];
  /** Trackers: the state → the post's status id. */
  statusMapping: Record<string, string>;
}

/** The sealed credential: a token (Slack bot, GitHub, Linear API key) or a Slack incoming-webhook URL. */
export type Credential = { token: string } | { webhookUrl: string };

export function settingsOf(row: Pick<IntegrationsTable, "settings">): IntegrationSettings {
  return JSON.parse(row.settings) as IntegrationSettings;
}

/** Opens a sealed value; one sealed under another INTEGRATIONS_KEY (or moved from another row) is a 503 that says so. */
function opened(services: Services, boundTo: string, sealed: string): string {
  const key = requireKey(services.integrations?.key);
  try {
    return unseal(key, boundTo, sealed);
  } catch {
    throw new HeedError("unavailable", "This integration's credentials were sealed with another INTEGRATIONS_KEY: give them again (or connect it again).");
  }
}

export function credentialOf(services: Services, row: Pick<IntegrationsTable, "id" | "credentials">): Credential {
  return JSON.parse(opened(services, row.id, row.credentials)) as Credential;
}

export function signingSecretOf(services: Services, row: Pick<IntegrationsTable, "id" | "signing_secret">): string | null {
  return row.signing_secret === null ? null : opened(services, `${row.id}:signing`, row.signing_secret);
}

export function sealCredential(services: Services, id: string, credential: Credential): string {
  return seal(requireKey(services.integrations?.key), id, JSON.stringify(credential));
}

export function sealSigningSecret(services: Services, id: string, secret: string): string {
  return seal(requireKey(services.integrations?.key), `${id}:signing`, secret);
}

export const isTracker = (provider: IntegrationProvider): provider is "github" | "linear" => provider !== "slack";

export const PROVIDER_NAMES: Record<IntegrationProvider, string> = { slack: "Slack", github: "GitHub", linear: "Linear" };
