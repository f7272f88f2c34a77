import { type RawBuilder, sql } from "kysely";
import type { Tx } from "../../../platform/context.js";
import { type Person, scrubJson } from "./scrub.js";

// The stored JSON that may carry a copy of the person: events waiting for or sent to webhooks,
// audit data and notification events, the team's saved filters, and import reports. Only rows that name the
// person's id (an EndUser object, an author, `actorName` beside `authorId`) or their email (a
// search kept in a filter) can hold their copy, so those are read, scrubbed in memory and written
// back; a row is rewritten only when it changes. Erasure is rare and reads these rows
// by a scan of the workspace's rows of each table (no index can find an id inside JSON text).
//
// Order matters on PostgreSQL: the outbox first. An event that the fan-out has claimed but not yet
// committed holds its row's lock, so the update here waits for it, and the deliveries it wrote are
// then seen by the later scan (each statement sees what was committed before it began); an event
// claimed after the update reads the scrubbed data.

/** `%text%` for LIKE, its `_` and `%` matched literally (ids are `usr_…`). */
function containing(id: string): string {
  return `%${id.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

type JsonTable = "outbox" | "webhook_deliveries" | "audit_log" | "notification_events" | "bulk_jobs" | "imports";

/** Scrubs `column` of the workspace's rows of `table` that mention the person; how many changed. */
async function scrubRows(
  tx: Tx,
  workspaceId: string,
  person: Person,
  erasedExternalId: string,
  table: JsonTable,
  column: "data" | "payload" | "filters" | "report",
  options: { orWhere?: RawBuilder<boolean>; alsoChange?: (id: string) => Promise<unknown> } = {},
): Promise<number> {
  const like = containing(person.id);
  const rows = await sql<{ id: string; text: string }>`select id, ${sql.ref(column)} as text from ${sql.table(table)}
    where workspace_id = ${workspaceId} and (${sql.ref(column)} like ${like} escape '\\' or ${options.orWhere ?? sql<boolean>`false`})`.execute(tx);
  let changed = 0;
  for (const row of rows.rows) {
    const text = scrubJson(row.text, person, erasedExternalId);
    if (text === null) continue;
    await sql`update ${sql.table(table)} set ${sql.ref(column)} = ${text} where id = ${row.id}`.execute(tx);
    await options.alsoChange?.(row.id);
    changed++;
  }
  return changed;
}

export interface ScrubbedCopies {
  events: number;
  deliveries: number;
  auditRows: number;
  notificationEvents: number;
  savedFilters: number;
  importReports: number;
}

/** `lower(column)` holds the email: a team member's search for the person, kept in a filter. */
function mentionsEmail(column: string, email: string | null): RawBuilder<boolean> {
  if (!email) return sql<boolean>`false`;
  return sql<boolean>`lower(${sql.ref(column)}) like ${containing(email.toLowerCase())} escape '\\'`;
}

/** Saved views (keyed by member and position, not by id) whose filters searched for the person's email. */
async function scrubSavedViews(tx: Tx, workspaceId: string, person: Person, erasedExternalId: string): Promise<number> {
  const rows = await tx
    .selectFrom("saved_views")
    .select(["owner_id", "position", "filters"])
    .where("workspace_id", "=", workspaceId)
    .where(mentionsEmail("filters", person.email))
    .execute();
  let changed = 0;
  for (const row of rows) {
    const filters = scrubJson(row.filters, person, erasedExternalId);
    if (filters === null) continue;
    await tx
      .updateTable("saved_views")
      .set({ filters })
      .where("workspace_id", "=", workspaceId)
      .where("owner_id", "=", row.owner_id)
      .where("position", "=", row.position)
      .execute();
    changed++;
  }
  return changed;
}

export async function scrubStoredCopies(tx: Tx, workspaceId: string, person: Person, erasedExternalId: string): Promise<ScrubbedCopies> {
  const events = await scrubRows(tx, workspaceId, person, erasedExternalId, "outbox", "data");
  // The receiver's answer may echo what it was sent: it goes with the payload it answered.
  const deliveries = await scrubRows(tx, workspaceId, person, erasedExternalId, "webhook_deliveries", "payload", {
    alsoChange: async (id) => {
      await tx.updateTable("webhook_deliveries").set({ last_response_excerpt: null }).where("id", "=", id).execute();
      await tx.updateTable("webhook_attempts").set({ response_excerpt: null }).where("delivery_id", "=", id).execute();
    },
  });
  const auditRows = await scrubRows(tx, workspaceId, person, erasedExternalId, "audit_log", "data");
  // A notification event carries its actor's name (`actorName`), with or without their id beside it.
  const notificationEvents = await scrubRows(tx, workspaceId, person, erasedExternalId, "notification_events", "data", {
    orWhere: sql<boolean>`actor_id = ${person.id}`,
  });
  // A search for their email, kept in a member's saved view or a bulk change's filters.
  const savedFilters =
    (await scrubSavedViews(tx, workspaceId, person, erasedExternalId)) +
    (await scrubRows(tx, workspaceId, person, erasedExternalId, "bulk_jobs", "filters", { orWhere: mentionsEmail("filters", person.email) }));
  // An import's report quotes rows it could not take whole (an email that is not one, an author
  // not found) and, with a preview, the first rows as they landed.
  const importReports = await scrubRows(tx, workspaceId, person, erasedExternalId, "imports", "report", { orWhere: mentionsEmail("report", person.email) });
  return { events, deliveries, auditRows, notificationEvents, savedFilters, importReports };
}
