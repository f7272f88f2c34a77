import { z } from "zod";
import { STATUS_CATEGORIES } from "../../../../../packages/shared/src/status-categories.js";
import { color, required, trimmed } from "../../../ui/form/fields.js";

// Boards, statuses and tags, checked as the server checks them (server/src/features/boards,
// statuses and tags: schema.ts).

export const boardSchema = z.object({
  name: required(100),
  /** Left empty, the server makes one from the name. */
  slug: trimmed(48)
    .transform((slug) => slug || undefined)
    .pipe(
      z
        .string()
        .regex(/^[a-z0-9](?:[a-z0-9-]{0,46}[a-z0-9])?$/, "Use 1–48 lowercase letters, digits and inner dashes.")
        .optional(),
    ),
  description: trimmed(2000),
  visibility: z.enum(["public", "private"]),
});

export const statusSchema = z.object({ name: required(50), category: z.enum(STATUS_CATEGORIES), color: color() });

export const tagSchema = z.object({ name: required(50), color: color() });
