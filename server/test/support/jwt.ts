import { createHmac } from "node:crypto";

/** A JWT signed with HS256 by hand, as a customer's server makes one with the identity secret (any header, to test refusals). */
export function jwt(secret: string, claims: Record<string, unknown>, header: Record<string, unknown> = { alg: "HS256", typ: "JWT" }): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
  const unsigned = `${part(header)}.${part(claims)}`;
  return `${unsigned}.${createHmac("sha256", secret).update(unsigned).digest("base64url")}`;
}
