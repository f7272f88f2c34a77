import { z } from "zod";
import { CreateIntegrationBody, UpdateIntegrationBody } from "../../../../../packages/shared/src/bodies/integrations.js";
import { blankAsAbsent, typed, typedList } from "../../../ui/form/fields.js";
import { worded } from "../../../ui/form/words.js";

// Connecting an integration: the request bodies (packages/shared/src/bodies/integrations.ts), as
// each provider's form fills them. Which fields a provider takes is the server's check after the
// body's (server/src/features/integrations/rules.ts): each form asks for its provider's alone.
// What only the provider can say (a token that does not work) comes from the test, in the log.

const integration = CreateIntegrationBody.shape;

export const slackSchema = worded(
  z
    .object({
      mode: z.enum(["token", "webhook"]),
      token: blankAsAbsent(integration.token),
      channel: blankAsAbsent(integration.channel),
      webhookUrl: blankAsAbsent(integration.webhookUrl),
      events: integration.events.unwrap(),
      boardIds: integration.boardIds.unwrap(),
    })
    .superRefine((value, ctx) => {
      if (value.mode === "token" && !value.token) ctx.addIssue({ code: "custom", path: ["token"], message: "Required." });
      if (value.mode === "token" && !value.channel) ctx.addIssue({ code: "custom", path: ["channel"], message: "Required." });
      if (value.mode === "webhook" && !value.webhookUrl) ctx.addIssue({ code: "custom", path: ["webhookUrl"], message: "Required." });
    })
    .transform(({ mode, token, channel, webhookUrl, events, boardIds }) =>
      mode === "token" ? { provider: "slack" as const, token, channel, events, boardIds } : { provider: "slack" as const, webhookUrl, events, boardIds },
    ),
  { events: { too_small: "Choose at least one change." }, boardIds: { too_big: "At most 100 boards." } },
);

export const githubSchema = z
  .object({
    token: typed(integration.token.unwrap()),
    repositories: typedList(integration.repositories.unwrap(), /\s+/, () => "").refine(
      (repositories) => repositories.length > 0,
      "Name at least one repository, owner/name.",
    ),
  })
  .transform((value) => ({ provider: "github" as const, ...value }));

export const linearSchema = z
  .object({ token: typed(integration.token.unwrap()), signingSecret: blankAsAbsent(integration.signingSecret) })
  .transform(({ token, signingSecret }) => ({ provider: "linear" as const, token, ...(signingSecret ? { signingSecret } : {}) }));

export const signingSecretSchema = z.object({ signingSecret: typed(UpdateIntegrationBody.shape.signingSecret.unwrap()) });
