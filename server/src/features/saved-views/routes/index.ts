import type { Operation } from "../../../http/define-operation.js";
import { defineOperation } from "../../../http/define-operation.js";
import { secretKey } from "../../../http/route-security.js";
import { ReplaceSavedViewsSchema, SavedViewListSchema } from "../schema.js";
import { listSavedViews, replaceSavedViews } from "../views.js";

export const listSavedViewsOperation = defineOperation(
  {
    method: "get",
    path: "/saved-views",
    operationId: "listSavedViews",
    tag: "Posts",
    summary: "List my saved views",
    description: "The caller's own named sets of `GET /posts` filters, in their order: each member (or API key) has its own list.",
    credential: secretKey("posts:read"),
    answer: { status: 200, schema: SavedViewListSchema, description: "The caller's saved views." },
  },
  { verb: listSavedViews },
);

export const replaceSavedViewsOperation = defineOperation(
  {
    method: "put",
    path: "/saved-views",
    operationId: "replaceSavedViews",
    tag: "Posts",
    summary: "Replace my saved views",
    description:
      "Writes the caller's whole list (to add, rename, reorder or remove one, send the list as it should be). `posts:read` suffices: a view only reads posts, and nobody else sees it. Audited as `saved_views.replaced`.",
    credential: secretKey("posts:read"),
    body: ReplaceSavedViewsSchema,
    answer: { status: 200, schema: SavedViewListSchema, description: "The list as saved." },
  },
  { verb: replaceSavedViews },
);

export const operations: Operation[] = [listSavedViewsOperation, replaceSavedViewsOperation];
