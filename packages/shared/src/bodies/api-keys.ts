import { z } from "zod";
import { ALL_SCOPES } from "../scopes.js";
import { dateTime, integer, text } from "./fields.js";

// What creating or changing an API key sends (POST /api-keys, PATCH /api-keys/{id}).

const name = text().trim().min(1).max(100);
const rateLimitPerMinute = integer(1, 1_000_000).nullable().optional();

export const CreateApiKeyBody = z.strictObject({
  name,
  scopes: z.array(z.enum(ALL_SCOPES)).min(1).max(ALL_SCOPES.length),
  expiresAt: dateTime().nullable().optional(),
  rateLimitPerMinute,
});

export const UpdateApiKeyBody = z.strictObject({ name: name.optional(), rateLimitPerMinute });
