import { z } from "zod";
import type { BulkAction } from "./bulk.js";

// The inbox's bulk action (its search box needs no schema: ui/form/useSearchForm.ts).

/** A bulk action and its target, as the action a run applies to each post. */
export const bulkSchema = z
  .object({ kind: z.enum(["status", "tag", "untag", "board", "owner", "merge"]), target: z.string() })
  .transform(
    ({ kind, target }): BulkAction =>
      kind === "status"
        ? { kind, statusId: target }
        : kind === "tag" || kind === "untag"
          ? { kind, tagId: target }
          : kind === "board"
            ? { kind, boardId: target }
            : kind === "owner"
              ? { kind, ownerId: target || null }
              : { kind, into: target },
  );
