import type { Scope } from "../../../packages/shared/src/scopes.js";

// The credential an operation declares is both what its OpenAPI `security` says and what its
// authentication checks (auth.ts): one statement of which key a route takes, and with what scope.

type UserTokenUse = "none" | "optional" | "required";

/**
 * The credential a route takes: a secret key (or a dashboard session) holding a scope; the public
 * key, with or without an end-user token; the session alone (the person's own account); or none
 * (signing in).
 */
// Each helper below returns its own kind, so that a route calling its verb directly
// (define-operation.ts) has the verb's context checked against the credential it declares.
export type RouteCredential =
  | { kind: "secret"; scope: Scope }
  | { kind: "public"; userToken: UserTokenUse }
  | { kind: "session"; member?: true }
  | { kind: "none"; signature?: ProviderSignature };

/** A provider's signature over a request's body: the credential of a webhook a provider sends. */
export type ProviderSignature = "githubSignature" | "linearSignature";

/** A secret API key holding `scope`. */
export function secretKey(scope: Scope): Extract<RouteCredential, { kind: "secret" }> {
  return { kind: "secret", scope };
}

/**
 * The public key, for the customer-facing routes; an end-user token when the route acts as an end
 * user (`required`) or shows the identified user more (`optional`).
 */
export function publicKey(userToken: UserTokenUse = "none"): Extract<RouteCredential, { kind: "public" }> {
  return { kind: "public", userToken };
}

/** The dashboard session alone: routes about the signed-in person's own account. */
export function session(): Extract<RouteCredential, { kind: "session" }> {
  return { kind: "session" };
}

/**
 * The dashboard session alone, acting as the member it is in its current workspace: routes about
 * the signed-in person's own things there (their notifications), which a key, belonging to no one,
 * has none of.
 */
export function memberSession(): { kind: "session"; member: true } {
  return { kind: "session", member: true };
}

/** No credential: signing in, and opening an invite. */
export function noCredential(): Extract<RouteCredential, { kind: "none" }> {
  return { kind: "none" };
}

/**
 * No Heed credential: a provider's webhook, signed with the integration's secret over the raw body.
 * The verb checks the signature (401 when it does not match); the document names it as the route's security.
 */
export function providerSignature(signature: ProviderSignature): Extract<RouteCredential, { kind: "none" }> {
  return { kind: "none", signature };
}

/** The OpenAPI security requirement of the credential. */
export function securityOf(credential: RouteCredential): Record<string, string[]>[] {
  if (credential.kind === "none") return credential.signature ? [{ [credential.signature]: [] }] : [];
  if (credential.kind === "session") return [{ session: [] }];
  if (credential.kind === "secret") return [{ apiKey: [credential.scope] }, { session: [credential.scope] }];
  if (credential.userToken === "required") return [{ publicKey: [], userToken: [] }];
  if (credential.userToken === "optional") return [{ publicKey: [], userToken: [] }, { publicKey: [] }];
  return [{ publicKey: [] }];
}

/** The sentence ending an operation's description, so the reference names the credential in words. */
export function credentialLine(credential: RouteCredential): string {
  if (credential.kind === "none") return credential.signature ? "No Heed credential: the provider's signature over the body." : "No credential.";
  if (credential.kind === "session") return credential.member ? "Dashboard session only: the signed-in member's own." : "Dashboard session only.";
  if (credential.kind === "secret") return `Requires \`${credential.scope}\`.`;
  return credential.userToken === "required" ? "Public key and end-user token." : "Public key only.";
}

/** A matcher for the paths (under `prefix`) of the routes that take the public key: CORS applies to them alone. */
export function customerPathMatcher(routes: { route: { path: string }; credential: RouteCredential }[], prefix: string): (path: string) => boolean {
  // One expression for every such path, since CORS asks on every request.
  const alternatives = routes
    .filter(({ credential }) => credential.kind === "public")
    .map(({ route }) => route.path.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\{\w+\}/g, "[^/]+"));
  const pattern = new RegExp(`^${prefix}(?:${[...new Set(alternatives)].join("|")})$`);
  return (path) => pattern.test(path);
}
