import { z } from "zod";
import { CreateApiKeyBody } from "../../../../../packages/shared/src/bodies/api-keys.js";
import { integerOrNull } from "../../../ui/form/fields.js";
import { type Access, PRESETS, type PresetId, RESOURCES, scopesOf } from "./permissions.js";

// A new API key: the request body (packages/shared/src/bodies/api-keys.ts), as the form fills it.
// The form's preset or per-resource access becomes the scopes, its day of expiry an instant.

export type NewKey = z.output<typeof CreateApiKeyBody>;

/** The end of the chosen day in the person's own time zone, as the API's ISO instant; no day, null. */
function endOfDay(date: string): string | null {
  if (!date) return null;
  const end = new Date(`${date}T23:59:59`);
  return Number.isNaN(end.getTime()) ? date : end.toISOString();
}

const access = z.enum(["none", "read", "write"]) satisfies z.ZodType<Access>;
const key = CreateApiKeyBody.shape;

export const newKeySchema = z
  .object({
    name: key.name,
    preset: z.enum(PRESETS.map((p) => p.id) as [PresetId, ...PresetId[]]),
    access: z.object(Object.fromEntries(RESOURCES.map((r) => [r.id, access])) as Record<(typeof RESOURCES)[number]["id"], typeof access>),
    expires: z.string().transform(endOfDay).pipe(key.expiresAt.unwrap()),
    rateLimit: integerOrNull(key.rateLimitPerMinute.unwrap()),
  })
  .transform(({ name, preset, access, expires, rateLimit }, context): NewKey => {
    const scopes = preset === "custom" ? scopesOf(access) : [...PRESETS.find((p) => p.id === preset)!.scopes];
    // The body's own words for a set it refuses (an empty one).
    const checked = key.scopes.safeParse(scopes);
    if (!checked.success) context.addIssue({ code: "custom", path: ["preset"], message: checked.error.issues[0]!.message });
    return { name, scopes, ...(expires ? { expiresAt: expires } : {}), ...(rateLimit !== null ? { rateLimitPerMinute: rateLimit } : {}) };
  });
