import { z } from "zod";
import { text } from "./fields.js";

// What creating or changing a webhook endpoint sends (POST /webhooks, PATCH /webhooks/{id}).

const fields = {
  url: text().max(2000),
  events: z.array(text().max(64)).min(1).max(50),
  description: text().max(500).optional(),
  enabled: z.boolean().optional(),
};

export const CreateEndpointBody = z.strictObject(fields);
export const UpdateEndpointBody = z.strictObject({ ...fields, url: fields.url.optional(), events: fields.events.optional() });
