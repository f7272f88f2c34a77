import { isoAt, nowIso, nowMs } from "../../platform/lib/clock.js";
import { newId } from "../../platform/lib/ids.js";
import type { Db } from "../../platform/db/database.js";
import type { SessionsTable } from "../../platform/db/schema.js";
import { HeedError } from "../../platform/errors.js";
import { isWellFormedToken, newToken, tokenHash } from "./session-token.js";

// Dashboard sessions are rows, so they can be listed and revoked; the cookie holds a random token
// whose hash finds the row. A session ends after 14 days unused or 90 days in all.

export const SESSION_IDLE_MS = 14 * 24 * 3_600_000;
export const SESSION_LIFETIME_MS = 90 * 24 * 3_600_000;
// last_seen_at is written at most once a minute per session: idle expiry needs no finer clock.
const LAST_SEEN_PRECISION_MS = 60_000;

export interface RequestMeta {
  userAgent: string | null;
  ip: string | null;
}

export interface AuthenticatedSession {
  id: string;
  accountId: string;
  /** The workspace the session acts in when the request names none. */
  workspaceId: string | null;
  csrfToken: string;
  /** What proved a second factor when it began (a workspace may require one); null: the password alone. */
  secondFactor: SessionsTable["second_factor"];
}

/** A new session for the account (at sign-in: a new token each time, so the id rotates). */
export async function startSession(
  db: Db,
  accountId: string,
  workspaceId: string | null,
  meta: RequestMeta,
  secondFactor: SessionsTable["second_factor"] = null,
): Promise<{ token: string; session: AuthenticatedSession }> {
  const token = newToken();
  const at = nowMs();
  const session = { id: newId("session"), accountId, workspaceId, csrfToken: newToken(), secondFactor };
  await db
    .insertInto("sessions")
    .values({
      id: session.id,
      token_hash: tokenHash(token),
      account_id: accountId,
      workspace_id: workspaceId,
      csrf_token: session.csrfToken,
      user_agent: meta.userAgent?.slice(0, 300) ?? null,
      ip: meta.ip,
      created_at: isoAt(at),
      last_seen_at: isoAt(at),
      expires_at: isoAt(at + SESSION_LIFETIME_MS),
      second_factor: secondFactor,
    })
    .execute();
  return { token, session };
}

/** The live session a cookie's token names, or a 401. */
export async function authenticateSession(db: Db, token: string): Promise<AuthenticatedSession> {
  const invalid = () => new HeedError("invalid_credential", "The session has ended or never existed: sign in again.");
  if (!isWellFormedToken(token)) throw invalid();
  const row = await db.selectFrom("sessions").selectAll().where("token_hash", "=", tokenHash(token)).executeTakeFirst();
  const now = nowMs();
  if (!row || row.expires_at <= isoAt(now) || row.last_seen_at <= isoAt(now - SESSION_IDLE_MS)) throw invalid();
  if (row.last_seen_at < isoAt(now - LAST_SEEN_PRECISION_MS)) {
    await db.updateTable("sessions").set({ last_seen_at: nowIso() }).where("id", "=", row.id).execute();
  }
  return { id: row.id, accountId: row.account_id, workspaceId: row.workspace_id, csrfToken: row.csrf_token, secondFactor: row.second_factor };
}
