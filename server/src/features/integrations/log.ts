import type { Db } from "../../platform/db/database.js";
import type { IntegrationLogTable } from "../../platform/db/schema.js";
import { type Ctx, reader, type Tx } from "../../platform/context.js";
import { nowIso } from "../../platform/lib/clock.js";
import { newId } from "../../platform/lib/ids.js";
import { byId, keysetPage } from "../../platform/pagination/keyset.js";
import type { Page, PageInput } from "../../platform/pagination/page.js";
import { requireScope } from "../../platform/scopes.js";
import { findIntegration } from "./connect.js";
import { type IntegrationLogView, toLogView } from "./view.js";

// What each integration sent and received, for the team (Settings → Integrations → Log). A summary
// says what happened in words; it never holds a token, and a provider's answer only in a short excerpt.

/** Entries older than this are purged by the integrations' worker. */
export const LOG_DAYS = 30;

export type LogLine = Pick<IntegrationLogTable, "workspace_id" | "integration_id" | "direction" | "kind" | "outcome" | "summary"> & {
  http_status?: number | null;
};

export async function writeLog(db: Db | Tx, line: LogLine): Promise<void> {
  await db
    .insertInto("integration_log")
    .values({ id: newId("integrationLog"), ...line, summary: line.summary.slice(0, 500), http_status: line.http_status ?? null, created_at: nowIso() })
    .execute();
}

export async function listIntegrationLog({ ctx, input }: { ctx: Ctx; input: PageInput & { id: string } }): Promise<Page<IntegrationLogView>> {
  requireScope(ctx.actor.scopes, "integrations:read");
  const db = reader(ctx);
  const integration = await findIntegration(db, ctx, input.id);
  return keysetPage(ctx, {
    key: `integration_log:${integration.id}`,
    input,
    query: db.selectFrom("integration_log").selectAll().where("workspace_id", "=", ctx.workspace.id).where("integration_id", "=", integration.id),
    order: byId("desc"),
    shape: (rows) => rows.map(toLogView),
  });
}
