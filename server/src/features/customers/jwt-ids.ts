import type { Db } from "../../platform/db/database.js";
import { isoAt, nowIso } from "../../platform/lib/clock.js";
import type { Tx } from "../../platform/context.js";
import { HeedError } from "../../platform/errors.js";
import { CLOCK_SKEW_SECONDS } from "./identity-proof.js";

// The portal's single sign-on takes a JWT in an address, where it may be logged, kept in a
// browser's history or sent on as a referrer: each `jti` signs in once. Used ids are kept in the
// database (so the rule holds across instances) until their JWT expires, when the JWT is refused
// anyway; a job forgets them then. `POST /v1/identify` does not use them up: a widget may send its
// JWT again until it expires.

/** jti values are the customer's: a UUID or a few random bytes is plenty. */
export const MAX_JTI_LENGTH = 200;

/** Uses the JWT's `jti` once, in the sign-in's transaction; a JWT without one, or used before, is refused. */
export async function useJwtId(tx: Tx, workspaceId: string, claims: { jti?: unknown; exp?: unknown }): Promise<void> {
  const { jti, exp } = claims;
  if (typeof jti !== "string" || jti.length === 0 || jti.length > MAX_JTI_LENGTH) {
    throw new HeedError(
      "identity_not_verified",
      `A single sign-on JWT needs a \`jti\` (a unique id of 1 to ${MAX_JTI_LENGTH} characters): each signs in once.`,
    );
  }
  // `exp` was checked by the verification: a number.
  const expiresAt = isoAt(((exp as number) + CLOCK_SKEW_SECONDS) * 1000);
  // A conflict does nothing (rather than fail, which would abort a PostgreSQL transaction) and returns no row.
  const inserted = await tx
    .insertInto("identity_jwt_uses")
    .values({ workspace_id: workspaceId, jti, expires_at: expiresAt })
    .onConflict((oc) => oc.columns(["workspace_id", "jti"]).doNothing())
    .returning("jti")
    .executeTakeFirst();
  if (!inserted) {
    throw new HeedError("identity_not_verified", "This single sign-on JWT was used already: mint a new one (with a new `jti`) for each sign-in.");
  }
}

/** Forgets the ids of JWTs that have expired (a job). */
export async function purgeUsedJwtIds(db: Db): Promise<number> {
  const result = await db.deleteFrom("identity_jwt_uses").where("expires_at", "<", nowIso()).executeTakeFirst();
  return Number(result.numDeletedRows);
}
