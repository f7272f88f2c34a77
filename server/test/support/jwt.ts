import { createHmac, randomUUID } from "node:crypto";
import { nowMs } from "../../src/platform/lib/clock.js";

/** A JWT signed with HS256 by hand, as a customer's server makes one with the identity secret (any header, to test refusals). */
export function jwt(secret: string, claims: Record<string, unknown>, header: Record<string, unknown> = { alg: "HS256", typ: "JWT" }): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
  const unsigned = `${part(header)}.${part(claims)}`;
  return `${unsigned}.${createHmac("sha256", secret).update(unsigned).digest("base64url")}`;
}

/** Seconds since the epoch by the server's clock (tests move it with shiftClock). */
export const nowSeconds = () => Math.floor(nowMs() / 1000);

/**
 * An identity JWT as the README's recipe mints one: issued now (`iat`), valid five minutes
 * (`exp`), with a fresh `jti` (the portal's single sign-on uses each once). `claims` override.
 */
export function identityJwt(secret: string, claims: Record<string, unknown>): string {
  const iat = nowSeconds();
  return jwt(secret, { iat, exp: iat + 300, jti: randomUUID(), ...claims });
}
