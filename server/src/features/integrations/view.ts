import type { z } from "@hono/zod-openapi";
import type { IntegrationLinksTable, IntegrationLogTable, IntegrationsTable } from "../../platform/db/schema.js";
import type { IntegrationLogEntrySchema, IntegrationSchema, IssueLinkSchema } from "./schema.js";
import { isTracker, settingsOf } from "./settings.js";
import { receiverHealthView, type WithHeld } from "../../platform/turn-off/index.js";

export type IntegrationView = z.output<typeof IntegrationSchema>;
export type IssueLinkView = z.output<typeof IssueLinkSchema>;
export type IntegrationLogView = z.output<typeof IntegrationLogEntrySchema>;

/** Where a tracker's webhook reaches this server for this integration. */
export function receiveUrl(publicUrl: string, row: Pick<IntegrationsTable, "id" | "provider">): string | null {
  return isTracker(row.provider) ? `${publicUrl}/v1/integrations/${row.provider}/${row.id}/webhook` : null;
}

export function toIntegrationView(publicUrl: string, row: WithHeld<IntegrationsTable>): IntegrationView {
  const settings = settingsOf(row);
  return {
    id: row.id,
    provider: row.provider,
    name: row.name,
    enabled: row.enabled === 1,
    credential: settings.credential,
    hasSigningSecret: row.signing_secret !== null,
    account: row.account,
    channel: settings.channel,
    boardIds: settings.boardIds,
    events: settings.events,
    repositories: settings.repositories,
    statusMapping: settings.statusMapping,
    receiveUrl: receiveUrl(publicUrl, row),
    ...receiverHealthView(row),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export function toIssueLinkView(row: IntegrationLinksTable, provider: "github" | "linear"): IssueLinkView {
  return {
    id: row.id,
    postId: row.post_id,
    integrationId: row.integration_id,
    provider,
    state: row.state,
    issue:
      row.issue_id === null
        ? null
        : { id: row.issue_id, key: row.issue_key ?? "", url: row.issue_url ?? "", title: row.issue_title ?? "", state: row.issue_state ?? "" },
    error: row.error,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export function toLogView(row: IntegrationLogTable): IntegrationLogView {
  return {
    id: row.id,
    direction: row.direction,
    kind: row.kind,
    outcome: row.outcome,
    summary: row.summary,
    httpStatus: row.http_status,
    createdAt: row.created_at,
  };
}
