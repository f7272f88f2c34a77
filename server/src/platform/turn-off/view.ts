import { z } from "@hono/zod-openapi";
import type { ReceiverHealth } from "../db/schema.js";
import { HOLD_DAYS } from "./rule.js";

// What a webhook endpoint and an integration show of their health, the same fields on both: the
// run of failures, why and since when Heed turned it off, and how many deliveries wait for it.

export const ReceiverHealthFields = {
  consecutiveFailures: z.number().int().openapi({ description: "Attempts in a row that failed; a success sets it back to 0." }),
  failingSince: z.string().nullable().openapi({ description: "When the first of those failed; null while the last attempt worked." }),
  disabledReason: z.enum(["failing", "gone"]).nullable().openapi({
    description:
      "Why Heed turned it off: `failing` (DISABLE_AFTER_FAILURES attempts in a row failed over at least DISABLE_AFTER_HOURS), `gone` (a webhook receiver answered 410). Null when on, or turned off by hand.",
  }),
  disabledAt: z.string().nullable().openapi({ description: "When Heed turned it off." }),
  disabledError: z.string().nullable().openapi({ description: "The last failed attempt's error when Heed turned it off." }),
  heldDeliveries: z
    .number()
    .int()
    .openapi({
      description: `Deliveries kept while Heed has it turned off (those of the last ${HOLD_DAYS} days): turning it on (\`enabled: true\`) sends them, in order.`,
    }),
};

/** A receiver's row as read with selectHeld (hold.ts), or made just now (holding nothing). */
export type WithHeld<T> = T & { held_deliveries?: number | string | bigint | null };

export function receiverHealthView(row: WithHeld<ReceiverHealth>) {
  return {
    consecutiveFailures: row.failure_count,
    failingSince: row.failing_since,
    disabledReason: row.disabled_reason,
    disabledAt: row.disabled_at,
    disabledError: row.disabled_error,
    heldDeliveries: Number(row.held_deliveries ?? 0),
  };
}
