import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../http/env.js";
import { operations as apiKeys } from "./api-keys/index.js";
import { operations as auditLog } from "./audit-log/index.js";
import { operations as boards } from "./boards/index.js";
import { operations as changelog } from "./changelog/index.js";
import { operations as comments } from "./comments/index.js";
import { operations as customer } from "./customer/index.js";
import { operations as members } from "./members/index.js";
import { operations as companies } from "./companies/index.js";
import type { Operation } from "./operation.js";
import { operations as portal } from "./portal/index.js";
import { operations as posts } from "./posts/index.js";
import { operations as statuses } from "./statuses/index.js";
import { operations as tags } from "./tags/index.js";
import { operations as users } from "./users/index.js";
import { operations as votes } from "./votes/index.js";
import { operations as webhooks } from "./webhooks/index.js";
import { operations as workspace } from "./workspace/index.js";

/** Every /v1 operation, in the order the reference shows them; each folder lists its own. */
export const operations: Operation[] = [
  ...posts,
  ...votes,
  ...comments,
  ...boards,
  ...statuses,
  ...tags,
  ...changelog,
  ...users,
  ...companies,
  ...workspace,
  ...members,
  ...apiKeys,
  ...webhooks,
  ...auditLog,
  ...customer,
  ...portal,
];

export function registerRoutes(app: OpenAPIHono<AppEnv>): void {
  for (const operation of operations) operation.register(app);
}

/** Does the route take the public key (customer-facing) rather than a secret key? */
export function isCustomerRoute(route: Operation["route"]): boolean {
  return (route.security ?? []).some((requirement) => "publicKey" in requirement);
}

/** Whether a customer-facing route reads an end-user token, as its security requirement says. */
export function userTokenUse(route: Operation["route"]): "none" | "optional" | "required" {
  const security = route.security ?? [];
  if (security.length > 0 && security.every((s) => "userToken" in s)) return "required";
  return security.some((s) => "userToken" in s) ? "optional" : "none";
}

/**
 * The customer-facing routes that take no end-user token, as the router names them (`POST
 * /v1/identify`): the auth layer does not read a token sent to them, so a stale one cannot refuse
 * the very call (identify) that renews it.
 */
export function routesWithoutUserToken(prefix: string): Set<string> {
  return new Set(
    operations
      .filter(({ route }) => isCustomerRoute(route) && userTokenUse(route) === "none")
      .map(({ route }) => `${route.method.toUpperCase()} ${prefix}${route.path.replace(/\{(\w+)\}/g, ":$1")}`),
  );
}
