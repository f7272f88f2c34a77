import { type RawBuilder, sql } from "kysely";
import type { Tx } from "../../../platform/context.js";
import { type Person, scrubJson } from "./scrub.js";

// The stored JSON that may carry a copy of the person: events waiting for or sent to webhooks,
// audit data and notification events. Only rows that name the person's id can hold their copy (an
// EndUser object, an author, `actorName` beside `authorId`), so those are read, scrubbed in memory
// and written back; a row is rewritten only when it changes. Erasure is rare and reads these rows
// by a scan of the workspace's rows of each table (no index can find an id inside JSON text).
//
// Order matters on PostgreSQL: the outbox first. An event that the fan-out has claimed but not yet
// committed holds its row's lock, so the update here waits for it, and the deliveries it wrote are
// then seen by the later scan (each statement sees what was committed before it began); an event
// claimed after the update reads the scrubbed data.

/** `%id%` for LIKE, with its `_` matched literally (ids are `usr_…`). */
function containing(id: string): string {
  return `%${id.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

type JsonTable = "outbox" | "webhook_deliveries" | "audit_log" | "notification_events";

/** Scrubs `column` of the workspace's rows of `table` that mention the person; how many changed. */
async function scrubRows(
  tx: Tx,
  workspaceId: string,
  person: Person,
  erasedExternalId: string,
  table: JsonTable,
  column: "data" | "payload",
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
  return { events, deliveries, auditRows, notificationEvents };
}
