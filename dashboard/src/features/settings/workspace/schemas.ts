import { z } from "zod";
import { LANGUAGES } from "../../../../../packages/shared/src/languages.js";
import { MODERATION_MODES } from "../../../../../packages/shared/src/moderation.js";
import { color, optionalInteger, orNull, required, trimmed } from "../../../ui/form/fields.js";

// The workspace's settings and its single sign-on, checked as the server checks them
// (server/src/features/workspace/schema.ts, accounts/single-sign-on-schema.ts). Whether an origin
// or an issuer is well formed is the server's to say: it answers on the field.

/** A list typed one item per line (or as `separator` splits it): each item checked by `item`, at most `max` items. */
function listOf(item: z.ZodType<string, string>, max: number, separator: RegExp, prefix: (index: number) => string) {
  return z.string().transform((text, context) => {
    const items = text
      .split(separator)
      .map((line) => line.trim())
      .filter(Boolean);
    const checked = items.map((line, i) => {
      const result = item.safeParse(line);
      if (result.success) return result.data;
      context.addIssue({ code: "custom", message: `${prefix(i)}${result.error.issues[0]!.message}` });
      return line;
    });
    const count = z.array(z.string()).max(max).safeParse(checked);
    if (!count.success) context.addIssue({ code: "custom", message: count.error.issues[0]!.message });
    return checked;
  });
}

export const settingsSchema = z.object({
  name: required(100),
  portalVisibility: z.enum(["public", "private"]),
  identityVerification: z.boolean(),
  allowedOrigins: listOf(z.string().max(300), 50, /\n/, (i) => `Line ${i + 1}: `),
  rateLimitPerMinute: optionalInteger(1, 100_000),
  portalPostsPerHour: optionalInteger(1, 10_000),
  notificationWindowSeconds: optionalInteger(0, 86_400),
  portalLogoUrl: orNull(
    z
      .string()
      .max(2000)
      .pipe(z.url({ protocol: /^https$/ })),
  ),
  portalAccentColor: orNull(color()),
  portalLanguage: z.enum(LANGUAGES),
  portalGuestAccess: z.boolean(),
  moderation: z.enum(MODERATION_MODES),
  requireTwoFactor: z.boolean(),
});

export const singleSignOnSchema = z.object({
  issuer: trimmed(500),
  clientId: required(500),
  clientSecret: z.string().min(1, "Required.").max(2000),
  allowedDomains: listOf(
    z
      .string()
      .toLowerCase()
      .max(253)
      .regex(/^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, "A domain such as `example.com`."),
    20,
    /[\s,]+/,
    () => "",
  ),
  /** Left empty, the button says "single sign-on". */
  label: trimmed(60).transform((label) => label || "single sign-on"),
});
