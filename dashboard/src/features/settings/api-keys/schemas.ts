import { z } from "zod";
import { optionalInteger, required } from "../../../ui/form/fields.js";
import { type Access, PRESETS, type PresetId, RESOURCES, type Scope, scopesOf } from "./permissions.js";

// A new API key, checked as the server checks it (server/src/features/api-keys/schema.ts): the
// form's preset or per-resource access becomes the scopes, its day of expiry an instant.

export interface NewKey {
  name: string;
  scopes: Scope[];
  expiresAt?: string | null;
  rateLimitPerMinute?: number | null;
}

/** The end of the chosen day in the person's own time zone, as the API's ISO instant. */
function endOfDay(date: string): string {
  return new Date(`${date}T23:59:59`).toISOString();
}

const access = z.enum(["none", "read", "write"]) satisfies z.ZodType<Access>;

export const newKeySchema = z
  .object({
    name: required(100),
    preset: z.enum(PRESETS.map((p) => p.id) as [PresetId, ...PresetId[]]),
    access: z.object(Object.fromEntries(RESOURCES.map((r) => [r.id, access])) as Record<(typeof RESOURCES)[number]["id"], typeof access>),
    expires: z.string(),
    rateLimit: optionalInteger(1, 1_000_000),
  })
  .transform(({ name, preset, access, expires, rateLimit }, context): NewKey => {
    const scopes = preset === "custom" ? scopesOf(access) : [...PRESETS.find((p) => p.id === preset)!.scopes];
    // The server's words for an empty set (`scopes` has at least one).
    const checked = z.array(z.string()).min(1).safeParse(scopes);
    if (!checked.success) context.addIssue({ code: "custom", path: ["preset"], message: checked.error.issues[0]!.message });
    return { name, scopes, ...(expires ? { expiresAt: endOfDay(expires) } : {}), ...(rateLimit !== null ? { rateLimitPerMinute: rateLimit } : {}) };
  });
