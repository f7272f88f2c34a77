import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../http/env.js";
import * as createApiKey from "./api-keys/create.js";
import * as listApiKeys from "./api-keys/list.js";
import * as revokeApiKey from "./api-keys/revoke.js";
import * as listBoards from "./boards/list.js";
import * as createPost from "./posts/create.js";
import * as deletePost from "./posts/delete.js";
import * as getPost from "./posts/get.js";
import * as listPosts from "./posts/list.js";
import * as updatePost from "./posts/update.js";
import * as listStatuses from "./statuses/list.js";

/** Every /v1 operation, in the order the reference shows them. */
export const operations = [
  listPosts,
  getPost,
  createPost,
  updatePost,
  deletePost,
  listBoards,
  listStatuses,
  listApiKeys,
  createApiKey,
  revokeApiKey,
];

export function registerRoutes(app: OpenAPIHono<AppEnv>): void {
  for (const operation of operations) operation.register(app);
}
