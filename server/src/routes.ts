import type { OpenAPIHono } from "@hono/zod-openapi";
import type { Operation } from "./http/define-operation.js";
import type { AppEnv } from "./http/env.js";
import { operations as apiKeys } from "./features/api-keys/routes/index.js";
import { operations as auditLog } from "./features/audit-log/routes/index.js";
import { operations as analytics } from "./features/analytics/routes/index.js";
import { operations as boards } from "./features/boards/routes/index.js";
import { operations as changelog } from "./features/changelog/routes/index.js";
import { operations as comments } from "./features/comments/routes/index.js";
import { operations as customer } from "./features/customers/routes/index.js";
import { operations as members } from "./features/members/routes/index.js";
import { operations as moderation } from "./features/moderation/routes/index.js";
import { operations as notifications } from "./features/notifications/routes/index.js";
import { operations as companies } from "./features/companies/routes/index.js";
import { operations as portal } from "./features/portal/routes/index.js";
import { operations as posts } from "./features/posts/routes/index.js";
import { operations as bulk } from "./features/bulk/routes/index.js";
import { operations as exportJobs } from "./features/exports/routes/index.js";
import { operations as importJobs } from "./features/imports/routes/index.js";
import { operations as savedViews } from "./features/saved-views/routes/index.js";
import { operations as sessions } from "./features/accounts/routes/index.js";
import { operations as statuses } from "./features/statuses/routes/index.js";
import { operations as tags } from "./features/tags/routes/index.js";
import { operations as users } from "./features/users/routes/index.js";
import { operations as votes } from "./features/votes/routes/index.js";
import { operations as integrations } from "./features/integrations/routes/index.js";
import { operations as webhooks } from "./features/webhooks/routes/index.js";
import { operations as workspace } from "./features/workspace/routes/index.js";

/** Every /v1 operation, in the order the reference shows them; each folder lists its own. */
export const operations: Operation[] = [
  ...posts,
  ...bulk,
  ...exportJobs,
  ...importJobs,
  ...savedViews,
  ...votes,
  ...comments,
  ...moderation,
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
  ...integrations,
  ...auditLog,
  ...analytics,
  ...notifications,
  ...sessions,
  ...customer,
  ...portal,
];

export function registerRoutes(app: OpenAPIHono<AppEnv>): void {
  for (const operation of operations) operation.register(app);
}
