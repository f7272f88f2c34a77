import type { Context } from "hono";
import { HeedError } from "../core/errors.js";
import type { AppEnv } from "./env.js";

// Password guessing is limited twice: per account (10 tries in 15 minutes, however many addresses
// try) and per client address (50, however many accounts it tries). Over either: 429 with
// retry-after, before the password is checked, and the same answer for known and unknown emails.

export const SIGN_IN_WINDOW_SECONDS = 15 * 60;
export const SIGN_IN_ATTEMPTS_PER_ACCOUNT = 10;
export const SIGN_IN_ATTEMPTS_PER_ADDRESS = 50;

export async function countSignInAttempt(c: Context<AppEnv>, email: string): Promise<void> {
  const limiter = c.get("signInLimiter");
  const checks = [
    limiter.consume(`sign-in:account:${email}`, SIGN_IN_ATTEMPTS_PER_ACCOUNT),
    limiter.consume(`sign-in:address:${c.get("clientAddress") ?? "unknown"}`, SIGN_IN_ATTEMPTS_PER_ADDRESS),
  ];
  for (const decision of await Promise.all(checks)) {
    if (!decision.allowed) {
      const seconds = Math.max(1, Math.ceil(decision.resetMs / 1000));
      // People read the wait; programs read retry-after.
      const wait = seconds < 90 ? `${seconds} seconds` : `${Math.ceil(seconds / 60)} minutes`;
      throw new HeedError("rate_limited", `Too many sign-in attempts; try again in ${wait}.`, { headers: { "retry-after": String(seconds) } });
    }
  }
}
