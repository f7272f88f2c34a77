import { hash } from "node:crypto";
import { HeedError } from "../../platform/errors.js";

// The Idempotency-Key header (draft-ietf-httpapi-idempotency-key-header): 1–255 visible ASCII
// characters, sent bare or as a structured-field string ("…", with \" and \\ escapes).
const BARE = /^[\x21-\x7e][\x20-\x7e]*$/;

export function parseIdempotencyKey(header: string): string {
  let key = header.trim();
  if (key.startsWith('"')) {
    const match = /^"((?:[^"\\]|\\["\\])*)"$/.exec(key);
    key = match ? match[1]!.replace(/\\(["\\])/g, "$1") : "";
  }
  if (key.length < 1 || key.length > 255 || !BARE.test(key)) {
    throw new HeedError("validation_failed", "Idempotency-Key must be 1–255 visible ASCII characters, bare or as a quoted string.", {
      errors: [{ pointer: "/header/idempotency-key", code: "invalid_format", detail: "1–255 visible ASCII characters." }],
    });
  }
  return key;
}

/** What makes two requests "the same": method, path with query, and body bytes. */
export function requestFingerprint(method: string, pathWithQuery: string, body: string): string {
  // One string, one call: the same bytes as hashing the two parts in turn, without a Hash object.
  return hash("sha256", `${method} ${pathWithQuery}\n${body}`, "hex");
}
