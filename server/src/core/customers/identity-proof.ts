import { createHmac, randomBytes } from "node:crypto";
import { safeEqual } from "../../lib/secret-keys.js";
import { HeedError } from "../errors.js";

// With identity verification on, `POST /v1/identify` must prove that the customer's server vouches
// for the user: either `userHash` = hex HMAC-SHA256(identity secret, user id), or a JWT (HS256)
// signed with the identity secret whose claims are the user. The secret is used as UTF-8 text, as
// every JWT library and `crypto.createHmac("sha256", secret)` take it.

/** 256 random bits, as text: what the customer's server keeps in its configuration. */
export function newIdentitySecret(): string {
  return randomBytes(32).toString("base64url");
}

/** JWTs may be a little early or late: clocks of two servers never agree exactly. */
const CLOCK_SKEW_SECONDS = 60;

function refused(detail: string): HeedError {
  return new HeedError("identity_not_verified", detail);
}

export function userHash(identitySecret: string, userId: string): string {
  return createHmac("sha256", identitySecret).update(userId).digest("hex");
}

export function checkUserHash(identitySecret: string, userId: string, hash: string): void {
  if (!safeEqual(userHash(identitySecret, userId), hash.toLowerCase())) {
    throw refused("`userHash` does not match this user id: compute it on your server as hex HMAC-SHA256(identity secret, user id).");
  }
}

function decodeJson(part: string): unknown {
  try {
    return JSON.parse(Buffer.from(part, "base64url").toString("utf8"));
  } catch {
    return undefined;
  }
}

/** The claims of an HS256 JWT signed with the identity secret, unexpired; anything else is refused. */
export function verifyIdentityJwt(identitySecret: string, jwt: string, nowMs: number): Record<string, unknown> {
  const parts = jwt.split(".");
  if (parts.length !== 3) throw refused("`token` is not a JWT (three base64url parts).");
  const [head, body, signature] = parts as [string, string, string];
  const header = decodeJson(head) as { alg?: unknown } | undefined;
  // Only HS256: `none` and public-key algorithms would let anyone sign.
  if (!header || header.alg !== "HS256") throw refused("`token` must be a JWT signed with HS256.");
  const expected = createHmac("sha256", identitySecret).update(`${head}.${body}`).digest("base64url");
  if (!safeEqual(expected, signature)) throw refused("`token` is not signed with this workspace's identity secret.");
  const claims = decodeJson(body);
  if (!claims || typeof claims !== "object" || Array.isArray(claims)) throw refused("The JWT's claims are not a JSON object.");
  const { exp, nbf } = claims as { exp?: unknown; nbf?: unknown };
  const now = nowMs / 1000;
  if (typeof exp !== "number") throw refused("The JWT needs an `exp` claim: a signed identity must not be valid forever.");
  if (exp + CLOCK_SKEW_SECONDS <= now) throw refused("The JWT expired.");
  if (typeof nbf === "number" && nbf - CLOCK_SKEW_SECONDS > now) throw refused("The JWT is not valid yet (`nbf`).");
  return claims as Record<string, unknown>;
}
