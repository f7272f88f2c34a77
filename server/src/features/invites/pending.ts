import type { ExpressionBuilder } from "kysely";
import type { Database, InvitesTable } from "../../platform/db/schema.js";

// What makes an invite usable, said once: not accepted, not revoked, not expired. Listing,
// revoking, replacing and accepting all ask the same question.

/** As a query condition: `.where((eb) => isPending(eb, nowIso()))`. */
export function isPending(eb: ExpressionBuilder<Database, "invites">, at: string) {
  return eb.and([eb("accepted_at", "is", null), eb("revoked_at", "is", null), eb("expires_at", ">", at)]);
}

/** The same question of a row already read. */
export function isPendingRow(row: Pick<InvitesTable, "accepted_at" | "revoked_at" | "expires_at">, at: string): boolean {
  return row.accepted_at === null && row.revoked_at === null && row.expires_at > at;
}
