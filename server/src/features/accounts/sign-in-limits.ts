import type { Context } from "hono";
import { HeedError } from "../../platform/errors.js";
import type { AppEnv } from "../../http/env.js";
import { refused } from "../../http/metrics/outcomes.js";

// Password guessing is limited twice: per account (10 tries in 15 minutes, however many addresses
// try) and per client address (50, however many accounts it tries). Over either: 429 with
// retry-after, before the password is checked, and the same answer for known and unknown emails.

export const SIGN_IN_WINDOW_SECONDS = 15 * 60;
export const SIGN_IN_ATTEMPTS_PER_ACCOUNT = 10;
export const SIGN_IN_ATTEMPTS_PER_ADDRESS = 50;

export async function countSignInAttempt(c: Context<AppEnv>, email: string): Promise<void> {
  const limiter = c.get("signInLimiter");
  await refuseOver([
    limiter.consume(`sign-in:account:${email}`, SIGN_IN_ATTEMPTS_PER_ACCOUNT),
    limiter.consume(`sign-in:address:${c.get("clientAddress") ?? "unknown"}`, SIGN_IN_ATTEMPTS_PER_ADDRESS),
  ]);
}

/**
 * A guess a signed-in session makes about its own account (a two-factor code, the password before
 * turning two-factor off): limited per account like sign-in, not per address, since the session
 * already names the one account it can guess about.
 */
export async function countAccountAttempt(c: Context<AppEnv>, accountId: string): Promise<void> {
  await refuseOver([c.get("signInLimiter").consume(`account:${accountId}`, SIGN_IN_ATTEMPTS_PER_ACCOUNT)]);
}

async function refuseOver(checks: ReturnType<AppEnv["Variables"]["signInLimiter"]["consume"]>[]): Promise<void> {
  for (const decision of await Promise.all(checks)) {
    if (!decision.allowed) {
      refused("sign-in");
      const seconds = Math.max(1, Math.ceil(decision.resetMs / 1000));
      // People read the wait; programs read retry-after.
      const wait = seconds < 90 ? `${seconds} seconds` : `${Math.ceil(seconds / 60)} minutes`;
      throw new HeedError("rate_limited", `Too many sign-in attempts; try again in ${wait}.`, { headers: { "retry-after": String(seconds) } });
    }
  }
}
