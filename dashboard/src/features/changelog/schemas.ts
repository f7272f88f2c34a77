import { z } from "zod";
import { required } from "../../ui/form/fields.js";

// A changelog entry's forms, checked as the server checks them (server/src/features/changelog/schema.ts).

export const entrySchema = z.object({
  title: required(200),
  type: z.enum(["new", "improved", "fixed"]),
  body: z.string().max(50_000),
  postIds: z.array(z.string()).max(50),
});

/** When to publish: typed as the reader's wall-clock time (datetime-local), sent as the instant it is. */
export const scheduleSchema = z.object({
  at: z
    .string()
    .transform((local) => {
      const at = new Date(local);
      return Number.isNaN(at.getTime()) ? local : at.toISOString();
    })
    .pipe(z.iso.datetime({ offset: true }).max(35)),
});
