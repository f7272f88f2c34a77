import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { HeedError } from "../../platform/errors.js";

// Integration credentials are sealed at rest with AES-256-GCM under INTEGRATIONS_KEY: a copy of the
// database (a backup, a leaked dump) holds no usable token without the key from the environment.
// The integration's id is the additional data, so a sealed value moved to another row does not open.

const VERSION = "v1";

/** INTEGRATIONS_KEY: 32 bytes, as 64 hex digits or base64; anything else is refused at start-up. */
export function readIntegrationsKey(text: string): Buffer {
  const key = /^[0-9a-f]{64}$/i.test(text) ? Buffer.from(text, "hex") : Buffer.from(text, "base64");
  if (key.length !== 32) throw new Error("INTEGRATIONS_KEY must be 32 bytes: 64 hex digits or base64 (openssl rand -base64 32)");
  return key;
}

export function requireKey(key: Buffer | undefined): Buffer {
  if (!key)
    throw new HeedError(
      "unavailable",
      "Integrations need INTEGRATIONS_KEY, the key their credentials are sealed with: the operator sets it (docs/OPERATIONS.md).",
    );
  return key;
}

export function seal(key: Buffer, boundTo: string, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  cipher.setAAD(Buffer.from(boundTo));
  const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return [VERSION, iv.toString("base64url"), cipher.getAuthTag().toString("base64url"), body.toString("base64url")].join(".");
}

/** Throws when the key is not the one it was sealed with, or the value was altered or moved. */
export function unseal(key: Buffer, boundTo: string, sealed: string): string {
  const [version, iv, tag, body] = sealed.split(".");
  if (version !== VERSION || !iv || !tag || body === undefined) throw new Error("not a sealed integration secret");
  const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
  decipher.setAAD(Buffer.from(boundTo));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString("utf8");
}
