import { z } from "zod";
import { LANGUAGES } from "../languages.js";
import { MODERATION_MODES } from "../moderation.js";
import { WORKSPACE_SLUG_PATTERN, WORKSPACE_SLUG_RULE } from "../slug.js";
import { color, integer, text } from "./fields.js";

// What changing a workspace's settings and its own single sign-on send (PATCH /workspace,
// PUT /workspace/single-sign-on).

export const UpdateWorkspaceBody = z.strictObject({
  name: text().trim().min(1).max(100).optional(),
  slug: text().max(48).regex(WORKSPACE_SLUG_PATTERN, WORKSPACE_SLUG_RULE).optional(),
  portalVisibility: z.enum(["public", "private"]).optional(),
  identityVerification: z.boolean().optional(),
  rateLimitPerMinute: integer(1, 100_000).nullable().optional(),
  allowedOrigins: z.array(text().max(300)).max(50).optional(),
  portalPostsPerHour: integer(1, 10_000).nullable().optional(),
  portalLogoUrl: text()
    .max(2000)
    .check(z.url({ protocol: /^https$/ }))
    .nullable()
    .optional(),
  portalAccentColor: color().nullable().optional(),
  portalLanguage: z.enum(LANGUAGES).optional(),
  portalGuestAccess: z.boolean().optional(),
  authorVotes: z.boolean().optional(),
  requireTwoFactor: z.boolean().optional(),
  notificationWindowSeconds: integer(0, 86_400).nullable().optional(),
  moderation: z.enum(MODERATION_MODES).optional(),
});

export const PutWorkspaceSingleSignOnBody = z.strictObject({
  issuer: text().trim().max(500),
  clientId: text().trim().min(1).max(500),
  clientSecret: text().min(1).max(2000),
  allowedDomains: z
    .array(
      text()
        .trim()
        .toLowerCase()
        .max(253)
        .regex(/^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, "A domain such as `example.com`."),
    )
    .max(20)
    .default([]),
  label: text().trim().min(1).max(60).default("single sign-on"),
});
