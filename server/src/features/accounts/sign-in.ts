import type { z } from "@hono/zod-openapi";
import type { SignInSchema } from "./schema.js";
import { verifyPassword } from "./password.js";
import { checkSecondFactor } from "./two-factor.js";
import type { Services } from "../../platform/context.js";
import { HeedError } from "../../platform/errors.js";
import { describeSession, membershipsOf, type SessionView } from "./describe.js";
import { type RequestMeta, startSession } from "../../http/credentials/team-sessions.js";
import { tokenHash } from "../../http/credentials/session-token.js";

/**
 * Email and password (and, for an account with two-factor sign-in, its code) to a new session. A wrong password and an unknown email get the same answer
 * in the same time (verifyPassword checks a decoy), so sign-in never tells which emails exist.
 */
export async function signIn({
  services,
  input,
  meta,
}: {
  services: Services;
  input: z.output<typeof SignInSchema>;
  meta: RequestMeta & {
    /** The session cookie the browser already sent, if any: it ends, so a planted session id is never promoted. */
    previousToken?: string;
  };
}): Promise<{ token: string; answer: SessionView }> {
  const account = await services.db.selectFrom("accounts").select(["id", "password_hash"]).where("email", "=", input.email).executeTakeFirst();
  const matches = await verifyPassword(input.password, account?.password_hash ?? null);
  if (!account || !matches) throw new HeedError("invalid_credential", "The email or the password is wrong.");
  // After the password, never before: the second factor is asked of the account's owner alone.
  const secondFactor = await checkSecondFactor(services.db, account.id, input);
  if (meta.previousToken) await services.db.deleteFrom("sessions").where("token_hash", "=", tokenHash(meta.previousToken)).execute();
  const [first] = await membershipsOf(services.db, account.id);
  const { token, session } = await startSession(services.db, account.id, first?.id ?? null, meta, secondFactor);
  return { token, answer: await describeSession(services.db, session) };
}
