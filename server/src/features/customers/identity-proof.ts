import { createHmac, randomBytes } from "node:crypto";
import { errors, jwtVerify } from "jose";
import { safeEqual } from "../../platform/lib/secret-keys.js";
import { HeedError } from "../../platform/errors.js";

// With identity verification on, `POST /v1/identify` must prove that the customer's server vouches
// for the user: either `userHash` = hex HMAC-SHA256(identity secret, user id), or a JWT (HS256)
// signed with the identity secret whose claims are the user, checked by jose. The secret is used as UTF-8 text, as
// every JWT library and `crypto.createHmac("sha256", secret)` take it.

/** 256 random bits, as text: what the customer's server keeps in its configuration. */
export function newIdentitySecret(): string {
  return randomBytes(32).toString("base64url");
}

/** JWTs may be a little early or late: clocks of two servers never agree exactly. */
export const CLOCK_SKEW_SECONDS = 60;

/**
 * The longest an identity JWT may live (`exp` − `iat`): it proves who someone is at a moment, and
 * one that leaked (from an address, a log) must not open an account for long.
 */
export const MAX_IDENTITY_JWT_SECONDS = 3600;

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

/**
 * The claims of an HS256 JWT signed with the identity secret, with an `iat` (not in the future)
 * and an `exp` at most an hour after it, unexpired (a minute of clock skew either way); anything
 * else is refused. Only HS256: `none` and public-key algorithms would let anyone sign.
 */
export async function verifyIdentityJwt(identitySecret: string, jwt: string, nowMs: number): Promise<Record<string, unknown>> {
  try {
    const { payload } = await jwtVerify(jwt, new TextEncoder().encode(identitySecret), {
      algorithms: ["HS256"],
      clockTolerance: CLOCK_SKEW_SECONDS,
      requiredClaims: ["exp", "iat"],
      maxTokenAge: MAX_IDENTITY_JWT_SECONDS,
      currentDate: new Date(nowMs),
    });
    if ((payload.exp as number) - (payload.iat as number) > MAX_IDENTITY_JWT_SECONDS) {
      throw refused(`The JWT lives too long: \`exp\` may be at most ${MAX_IDENTITY_JWT_SECONDS} seconds after \`iat\`.`);
    }
    return payload as Record<string, unknown>;
  } catch (error) {
    if (error instanceof HeedError) throw error;
    throw refused(jwtRefusal(error));
  }
}

/** What went wrong with a JWT, in the words a customer's developer can act on. */
function jwtRefusal(error: unknown): string {
  if (error instanceof errors.JWTExpired) return error.claim === "iat" ? "The JWT was issued (`iat`) more than an hour ago." : "The JWT expired.";
  if (error instanceof errors.JWTClaimValidationFailed) {
    if (error.claim === "exp") return "The JWT needs an `exp` claim: a signed identity must not be valid forever.";
    if (error.claim === "iat") {
      return error.reason === "missing"
        ? "The JWT needs an `iat` claim (when it was issued): it may live at most an hour."
        : "The JWT's `iat` is in the future: check your server's clock.";
    }
    if (error.claim === "nbf") return "The JWT is not valid yet (`nbf`).";
    return `The JWT's \`${error.claim}\` claim is invalid.`;
  }
  if (error instanceof errors.JOSEAlgNotAllowed) return "`token` must be a JWT signed with HS256.";
  if (error instanceof errors.JWSSignatureVerificationFailed) return "`token` is not signed with this workspace's identity secret.";
  if (error instanceof errors.JWTInvalid) return "The JWT's claims are not a JSON object.";
  return "`token` is not a JWT (three base64url parts).";
}
