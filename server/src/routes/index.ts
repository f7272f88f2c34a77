import type { OpenAPIHono } from "@hono/zod-openapi";
import type { Operation } from "../http/define-operation.js";
import type { AppEnv } from "../http/env.js";
import { operations as apiKeys } from "./api-keys/index.js";
import { operations as auditLog } from "./audit-log/index.js";
import { operations as boards } from "./boards/index.js";
import { operations as changelog } from "./changelog/index.js";
import { operations as comments } from "./comments/index.js";
import { operations as customer } from "./customer/index.js";
import { operations as members } from "./members/index.js";
import { operations as companies } from "./companies/index.js";
import { operations as portal } from "./portal/index.js";
import { operations as posts } from "./posts/index.js";
import { operations as sessions } from "./sessions/index.js";
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
  ...sessions,
  ...customer,
  ...portal,
];

export function registerRoutes(app: OpenAPIHono<AppEnv>): void {
  for (const operation of operations) operation.register(app);
}
