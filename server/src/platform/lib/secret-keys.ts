import { hash, randomBytes, timingSafeEqual } from "node:crypto";
import { crc32 } from "node:zlib";

// Keys look like `heed_sk_<32 base62 chars><6 char checksum>`. The random part carries ~190 bits;
// the CRC32 checksum lets a secret scanner (or our own auth) tell a real key from noise without a
// database lookup.
const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
const RANDOM_LENGTH = 32;
const CHECKSUM_LENGTH = 6;

export type KeyKind = "sk" | "pk" | "whsec";

function base62(bytes: Buffer, length: number): string {
  let out = "";
  // Rejection sampling keeps every character uniformly likely.
  while (out.length < length) {
    for (const b of bytes) {
      if (b < 248 && out.length < length) out += BASE62[b % 62];
    }
    bytes = randomBytes(length);
  }
  return out;
}

function checksum(body: string): string {
  let n = crc32(body);
  let out = "";
  for (let i = 0; i < CHECKSUM_LENGTH; i++) {
    out = BASE62[n % 62] + out;
    n = Math.floor(n / 62);
  }
  return out;
}

export function generateKey(kind: KeyKind): string {
  const body = base62(randomBytes(RANDOM_LENGTH * 2), RANDOM_LENGTH);
  return `heed_${kind}_${body}${checksum(body)}`;
}

/** Shape and checksum only: a key that passes may still be unknown or revoked. */
export function isWellFormedKey(kind: KeyKind, key: string): boolean {
  const prefix = `heed_${kind}_`;
  if (!key.startsWith(prefix) || key.length !== prefix.length + RANDOM_LENGTH + CHECKSUM_LENGTH) return false;
  const rest = key.slice(prefix.length);
  if (!/^[0-9A-Za-z]+$/.test(rest)) return false;
  const body = rest.slice(0, RANDOM_LENGTH);
  return safeEqual(checksum(body), rest.slice(RANDOM_LENGTH));
}

export function sha256Hex(value: string): string {
  return hash("sha256", value, "hex");
}

export function safeEqual(a: string, b: string): boolean {
  const ab = Buffer.from(a);
  const bb = Buffer.from(b);
  return ab.length === bb.length && timingSafeEqual(ab, bb);
}

/** What lists show of a key: enough to recognise it, never enough to use it. */
export function keyPreview(key: string): { prefix: string; last4: string } {
  const prefix = key.slice(0, key.indexOf("_", 5) + 5);
  return { prefix, last4: key.slice(-4) };
}
