import * as OTPAuth from "otpauth";
import { expect } from "vitest";
import { startSession } from "../../src/http/credentials/team-sessions.js";
import { nowMs, shiftClock } from "../../src/platform/lib/clock.js";
import type { Harness } from "./harness.js";
import { HEED_ORIGIN, PASSWORD, type TestSession } from "./sessions.js";

// Two-factor sign-in as an authenticator app and a person at the keyboard do it: codes are made
// here with otpauth; the clock moves on by whole time steps instead of sleeping.

export const codeAt = (secret: string, at = nowMs()) => OTPAuth.TOTP.generate({ secret: OTPAuth.Secret.fromBase32(secret), timestamp: at });

/**
 * Enrols (with the password) and confirms for the session (which signs the account's other
 * sessions out unless `signOutOtherSessions` is false); answers the secret and the recovery codes.
 */
export async function turnOnTwoFactor(
  h: Pick<Harness, "call">,
  who: TestSession,
  options: { signOutOtherSessions?: boolean } = {},
): Promise<{ secret: string; recoveryCodes: string[] }> {
  const enrolment = await h.call("POST", "/v1/auth/two-factor/enrol", { headers: who.headers, json: { password: PASSWORD } });
  expect(enrolment.status, JSON.stringify(enrolment.body)).toBe(200);
  const confirmed = await h.call("POST", "/v1/auth/two-factor/confirm", {
    headers: who.headers,
    json: { code: codeAt(enrolment.body.secret), ...options },
  });
  expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
  // The next code is another time step's: the one just used works once.
  shiftClock(30_000);
  return { secret: enrolment.body.secret, recoveryCodes: confirmed.body.recoveryCodes };
}

/**
 * Another session of the same account that began with the password alone, as a browser signed in
 * before two-factor sign-in was turned on keeps it: the cookie a thief would take.
 */
export async function sessionWithoutSecondFactor(h: Pick<Harness, "database">, who: TestSession): Promise<TestSession> {
  const { account_id, workspace_id } = await h.database.db
    .selectFrom("members")
    .select(["account_id", "workspace_id"])
    .where("id", "=", who.memberId)
    .executeTakeFirstOrThrow();
  const { token, session } = await startSession(h.database.db, account_id!, workspace_id, { userAgent: "stolen", ip: null });
  const cookie = `heed_session=${token}`;
  return { ...who, cookie, csrfToken: session.csrfToken, headers: { cookie, "x-csrf-token": session.csrfToken, origin: HEED_ORIGIN }, cookieOnly: { cookie } };
}
