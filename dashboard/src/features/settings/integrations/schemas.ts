import { z } from "zod";
import { required, trimmed } from "../../../ui/form/fields.js";

// Connecting an integration, checked as the server checks it (server/src/features/integrations/
// schema.ts and rules.ts): the fields each provider takes. What only the provider can say (a
// token that does not work) comes from the test, in the log.

const repository = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_.-]+\/[A-Za-z0-9_.-]+$/, "Each line is owner/name.");

export const slackSchema = z
  .object({
    mode: z.enum(["token", "webhook"]),
    token: trimmed(500),
    channel: trimmed(100),
    webhookUrl: trimmed(500),
    events: z
      .array(z.enum(["post.created", "post.status_changed", "comment.created"]))
      .min(1, "Choose at least one change.")
      .max(3),
    boardIds: z.array(z.string()).max(100, "At most 100 boards."),
  })
  .superRefine((value, ctx) => {
    if (value.mode === "token" && !value.token) ctx.addIssue({ code: "custom", path: ["token"], message: "Required." });
    if (value.mode === "token" && !value.channel) ctx.addIssue({ code: "custom", path: ["channel"], message: "Required." });
    if (value.mode === "webhook" && !value.webhookUrl) ctx.addIssue({ code: "custom", path: ["webhookUrl"], message: "Required." });
  })
  .transform(({ mode, token, channel, webhookUrl, events, boardIds }) =>
    mode === "token" ? { provider: "slack" as const, token, channel, events, boardIds } : { provider: "slack" as const, webhookUrl, events, boardIds },
  );

export const githubSchema = z
  .object({
    token: required(500),
    repositories: z
      .string()
      .transform((text) => text.split(/\s+/).filter(Boolean))
      .pipe(z.array(repository).min(1, "Name at least one repository, owner/name.").max(50)),
  })
  .transform((value) => ({ provider: "github" as const, ...value }));

export const linearSchema = z
  .object({ token: required(500), signingSecret: trimmed(500) })
  .transform(({ token, signingSecret }) => ({ provider: "linear" as const, token, ...(signingSecret ? { signingSecret } : {}) }));

export const signingSecretSchema = z.object({ signingSecret: required(500).min(8, "At least 8 characters.") });
