import { z } from "zod";
import { trimmed } from "../../../ui/form/fields.js";

// A webhook endpoint, checked as the server checks it (server/src/features/webhooks/schema.ts).
// Whether the URL is https and may be reached is the server's to say: it answers on the field.

export const endpointSchema = z.object({
  url: trimmed(2000),
  description: trimmed(500),
  events: z.array(z.string().max(64)).min(1, "Choose at least one event.").max(50),
});
