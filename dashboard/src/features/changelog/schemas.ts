import { z } from "zod";
import { CreateEntryBody, PublishEntryBody } from "../../../../packages/shared/src/bodies/changelog.js";

// A changelog entry's forms: the request bodies (packages/shared/src/bodies/changelog.ts), as the
// forms fill them. Editing sends every field, so the create body's rules serve both.

const entry = CreateEntryBody.shape;
export const entrySchema = z.object({ title: entry.title, type: entry.type, body: entry.body.unwrap(), postIds: entry.postIds.unwrap() });

/** When to publish: typed as the reader's wall-clock time (datetime-local), sent as the instant it is. */
export const scheduleSchema = z.object({
  at: z
    .string()
    .transform((local) => {
      const at = new Date(local);
      return Number.isNaN(at.getTime()) ? local : at.toISOString();
    })
    .pipe(PublishEntryBody.shape.at.unwrap().unwrap()),
});
