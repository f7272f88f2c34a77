import type { RouteConfig } from "@hono/zod-openapi";
import type { Scope } from "../core/scopes.js";

// A route's `security`, as its definition declares it for the OpenAPI document, is also what its
// authentication checks: one statement of which credential a route takes, and with what scope.

/** The credential a route takes: a secret key holding a scope, or the public key (with or without an end-user token). */
export type RouteCredential = { kind: "secret"; scope: Scope } | { kind: "public"; userToken: "none" | "optional" | "required" };

export function credentialOf(route: Pick<RouteConfig, "security" | "method" | "path">): RouteCredential {
  const security = route.security ?? [];
  if (security.some((requirement) => "publicKey" in requirement)) {
    const withToken = security.filter((requirement) => "userToken" in requirement).length;
    return { kind: "public", userToken: withToken === 0 ? "none" : withToken === security.length ? "required" : "optional" };
  }
  const scope = security[0]?.apiKey?.[0];
  if (security.length !== 1 || !scope) throw new Error(`${route.method.toUpperCase()} ${route.path} declares neither a public key nor one secret-key scope`);
  return { kind: "secret", scope: scope as Scope };
}

/** A matcher for the paths (under `prefix`) of the routes that take the public key: CORS applies to them alone. */
export function customerPathMatcher(routes: Pick<RouteConfig, "security" | "method" | "path">[], prefix: string): (path: string) => boolean {
  // One expression for every such path, since CORS asks on every request.
  const alternatives = routes
    .filter((route) => credentialOf(route).kind === "public")
    .map((route) => route.path.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\{\w+\}/g, "[^/]+"));
  const pattern = new RegExp(`^${prefix}(?:${[...new Set(alternatives)].join("|")})$`);
  return (path) => pattern.test(path);
}

/** Does the route take the public key (customer-facing) rather than a secret key? */
export function isCustomerRoute(route: Pick<RouteConfig, "security" | "method" | "path">): boolean {
  return credentialOf(route).kind === "public";
}

/** Whether a customer-facing route reads an end-user token; a secret-key route reads none. */
export function userTokenUse(route: Pick<RouteConfig, "security" | "method" | "path">): "none" | "optional" | "required" {
  const credential = credentialOf(route);
  return credential.kind === "public" ? credential.userToken : "none";
}
