import type { z } from "@hono/zod-openapi";
import type { IntegrationProvider } from "../../platform/db/schema.js";
import type { Ctx, Tx } from "../../platform/context.js";
import { type FieldError, HeedError } from "../../platform/errors.js";
import type { CreateIntegrationSchema } from "./schema.js";
import { type Credential, type IntegrationSettings, PROVIDER_NAMES, SLACK_EVENT_NAMES } from "./settings.js";

// Which fields each provider takes, and that what they name exists: one place for creating and
// updating, so a field another provider uses is refused the same way by both.

export type IntegrationInput = Omit<z.output<typeof CreateIntegrationSchema>, "provider">;

const TAKES: Record<IntegrationProvider, (keyof IntegrationInput)[]> = {
  slack: ["name", "enabled", "token", "webhookUrl", "channel", "boardIds", "events"],
  github: ["name", "enabled", "token", "signingSecret", "repositories", "statusMapping"],
  linear: ["name", "enabled", "token", "signingSecret", "statusMapping"],
};

function refuse(errors: FieldError[]): never {
  throw new HeedError("validation_failed", "The integration's settings are not valid for its provider.", { errors });
}

/** Refuses fields the provider does not take, and a Slack webhook URL outside Slack's. */
export function checkFields(ctx: Ctx, provider: IntegrationProvider, input: IntegrationInput): void {
  const errors: FieldError[] = [];
  for (const [field, value] of Object.entries(input)) {
    if (value !== undefined && !TAKES[provider].includes(field as keyof IntegrationInput))
      errors.push({ pointer: `/${field}`, code: "not_allowed", detail: `${PROVIDER_NAMES[provider]} integrations do not take '${field}'.` });
  }
  if (input.token !== undefined && input.webhookUrl !== undefined)
    errors.push({ pointer: "/webhookUrl", code: "not_allowed", detail: "Give a bot token or an incoming-webhook URL, not both." });
  const hooks = ctx.services.integrations?.slackHooksUrl ?? "https://hooks.slack.com/";
  if (input.webhookUrl !== undefined && !input.webhookUrl.startsWith(hooks))
    errors.push({ pointer: "/webhookUrl", code: "invalid_format", detail: `A Slack incoming-webhook URL starts with ${hooks}.` });
  if (errors.length > 0) refuse(errors);
}

/** The credential a new integration must have. */
export function newCredential(provider: IntegrationProvider, input: IntegrationInput): Credential {
  if (input.webhookUrl !== undefined) return { webhookUrl: input.webhookUrl };
  if (input.token !== undefined) return { token: input.token };
  return refuse([
    {
      pointer: "/token",
      code: "required",
      detail: provider === "slack" ? "Slack needs a bot token (with a channel) or an incoming-webhook URL." : `${PROVIDER_NAMES[provider]} needs a token.`,
    },
  ]);
}

/** The settings after `input` (checked whole by checkReferences). */
export function nextSettings(before: IntegrationSettings, input: IntegrationInput): IntegrationSettings {
  return {
    credential: input.webhookUrl !== undefined ? "webhook_url" : input.token !== undefined ? "token" : before.credential,
    channel: input.channel ?? before.channel,
    boardIds: input.boardIds ? [...new Set(input.boardIds)] : before.boardIds,
    events: input.events ? [...new Set(input.events)] : before.events,
    repositories: input.repositories ? [...new Set(input.repositories)] : before.repositories,
    statusMapping: input.statusMapping ?? before.statusMapping,
  };
}

/** Refusals that need the database: boards and statuses named must be the workspace's. */
export async function checkReferences(tx: Tx, ctx: Ctx, provider: IntegrationProvider, settings: IntegrationSettings): Promise<void> {
  const errors: FieldError[] = [];
  if (provider === "slack" && settings.credential === "token" && !settings.channel)
    errors.push({ pointer: "/channel", code: "required", detail: "A bot token posts to the channel named here." });
  if (settings.boardIds.length > 0) {
    const found = new Set(
      (await tx.selectFrom("boards").select("id").where("workspace_id", "=", ctx.workspace.id).where("id", "in", settings.boardIds).execute()).map((b) => b.id),
    );
    settings.boardIds.forEach((id, i) => {
      if (!found.has(id)) errors.push({ pointer: `/boardIds/${i}`, code: "unknown_reference", detail: `No board with id '${id}' in this workspace.` });
    });
  }
  const statusIds = [...new Set(Object.values(settings.statusMapping))];
  if (statusIds.length > 0) {
    const found = new Set(
      (await tx.selectFrom("statuses").select("id").where("workspace_id", "=", ctx.workspace.id).where("id", "in", statusIds).execute()).map((s) => s.id),
    );
    for (const [state, id] of Object.entries(settings.statusMapping))
      if (!found.has(id))
        errors.push({ pointer: `/statusMapping/${state}`, code: "unknown_reference", detail: `No status with id '${id}' in this workspace.` });
  }
  if (errors.length > 0) refuse(errors);
}

export function firstSettings(provider: IntegrationProvider): IntegrationSettings {
  return {
    credential: "token",
    channel: null,
    boardIds: [],
    events: provider === "slack" ? [...SLACK_EVENT_NAMES] : [],
    repositories: [],
    statusMapping: {},
  };
}
