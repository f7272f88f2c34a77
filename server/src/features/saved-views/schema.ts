import { z } from "@hono/zod-openapi";
import { ListPostsQuery } from "../posts/index.js";

/** The most views one member keeps. */
export const MOST_SAVED_VIEWS = 30;

/** GET /posts's filters and sort, without the page: what a view applies. */
export const SavedViewFiltersSchema = z.strictObject(ListPostsQuery.omit({ limit: true, cursor: true }).shape).openapi("SavedViewFilters");

export const SavedViewSchema = z
  .object({
    name: z.string().trim().min(1).max(60),
    filters: SavedViewFiltersSchema,
  })
  .openapi("SavedView");

export const SavedViewListSchema = z.object({ data: z.array(SavedViewSchema) }).openapi("SavedViewList");

export const ReplaceSavedViewsSchema = z
  .strictObject({
    data: z
      .array(SavedViewSchema)
      .max(MOST_SAVED_VIEWS)
      .openapi({ description: `The whole list, in order: at most ${MOST_SAVED_VIEWS}.` }),
  })
  .openapi("ReplaceSavedViews");
