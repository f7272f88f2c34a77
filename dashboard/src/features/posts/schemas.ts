import { z } from "zod";
import { trimmed } from "../../ui/form/fields.js";
import type { BulkAction } from "./bulk.js";

// The inbox's forms: its search (server/src/features/posts/schema.ts, `q`), and a bulk action.

export const searchSchema = z.object({ q: trimmed(200) });

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
