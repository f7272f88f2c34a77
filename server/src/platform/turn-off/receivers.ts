import type { Kysely } from "kysely";
import type { Database } from "../db/schema.js";
import type { Db } from "../db/database.js";
import type { Tx } from "../context.js";

// The two kinds of receiver the rule applies to, with the tables each keeps its deliveries in: one
// code path for both, so a webhook endpoint and an integration are turned off, held and turned on
// again alike.

export const RECEIVERS = {
  webhook_endpoint: {
    table: "webhook_endpoints",
    deliveries: "webhook_deliveries",
    key: "endpoint_id",
    noun: "webhook endpoint",
    /** What names it in a mail. */
    label: "url",
    settingsPath: "/app/settings/webhooks",
  },
  integration: {
    table: "integrations",
    deliveries: "integration_deliveries",
    key: "integration_id",
    noun: "integration",
    label: "name",
    settingsPath: "/app/settings/integrations",
  },
} as const;

export type ReceiverKind = keyof typeof RECEIVERS;

/** One receiver: its kind, id and workspace. */
export interface Receiver {
  kind: ReceiverKind;
  id: string;
  workspaceId: string;
}

// biome-ignore lint/suspicious/noExplicitAny: one statement for both receivers' tables; each is typed where it is read
export type EitherDb = Kysely<any>;

/** The connection typed for either receiver's tables (their columns here are the same). */
export function either(db: Db | Tx | Kysely<Database>): EitherDb {
  return db as unknown as EitherDb;
}
