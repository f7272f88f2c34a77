import { randomBytes } from "node:crypto";
import { sha256Hex } from "../../platform/lib/secret-keys.js";

// The secret of a session, an invite or a password reset: 256 random bits, handed out once and
// stored only as its SHA-256, so the database alone opens nothing.

export function newToken(): string {
  return randomBytes(32).toString("base64url");
}

export function tokenHash(token: string): string {
  return sha256Hex(token);
}

/** Whether a string could be one of our tokens, checked before any lookup. */
export function isWellFormedToken(token: string): boolean {
  return /^[A-Za-z0-9_-]{43}$/.test(token);
}
