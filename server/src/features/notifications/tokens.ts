import { createHmac } from "node:crypto";
import { openPayload, signPayload } from "../../platform/lib/signed-payload.js";

// The token in a notification mail's links (unsubscribe, preferences): it names one person in one
// workspace and opens only their notification choices, with no session, as RFC 8058's one-click
// unsubscribe requires. It does not expire: an unsubscribe link in an old mail must still work.

export interface PreferencesToken {
  workspaceId: string;
  /** `usr_…` or `mem_…`. */
  recipientId: string;
}

const mac = (secret: Buffer) => (payload: string) => createHmac("sha256", secret).update(`notifications:${payload}`).digest("base64url").slice(0, 32);

export function preferencesToken(secret: Buffer, token: PreferencesToken): string {
  return signPayload([token.workspaceId, token.recipientId], mac(secret));
}

/** The person the token names, or undefined for a token this server did not sign. */
export function openPreferencesToken(secret: Buffer, token: string): PreferencesToken | undefined {
  const value = openPayload(token, mac(secret));
  if (!Array.isArray(value) || value.length !== 2 || !value.every((v) => typeof v === "string")) return undefined;
  return { workspaceId: value[0] as string, recipientId: value[1] as string };
}
