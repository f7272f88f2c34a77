import { z } from "@hono/zod-openapi";
import {
  CreateIntegrationBody,
  CreateIssueLinkBody,
  PROVIDERS,
  SLACK_EVENTS,
  UpdateIntegrationBody,
} from "../../../../packages/shared/src/bodies/integrations.js";
import { documented, idOf, idParam, timestamp } from "../../platform/fields.js";
import { ReceiverHealthFields } from "../../platform/turn-off/index.js";

// The API's words for integrations, issue links and the integration log. Credentials go in and
// never come out: an integration's answer says which kind it holds, not what.

const Provider = z.enum(PROVIDERS);
const SlackEvent = z.enum(SLACK_EVENTS);

const words = {
  name: { description: "Shown in the dashboard; the provider's name by default." },
  enabled: {
    description:
      "A disabled integration sends and applies nothing. Heed turns one off whose sends keep failing (`disabledReason`); `true` turns it back on and sends what it held.",
  },
  token: {
    description:
      "Slack: a bot token (`xoxb-…`, with `chat:write`); GitHub: a token with Issues read and write; Linear: a personal API key. Sealed at rest, never answered.",
  },
  webhookUrl: { description: "Slack instead of a bot token: an incoming-webhook URL (its channel is fixed). Sealed, never answered." },
  signingSecret: {
    description: "The secret the tracker signs its webhooks with: Linear's, from its webhook's page. GitHub: Heed makes one when none is given.",
  },
  channel: { description: "Slack with a bot token: the channel (`#feedback` or its id)." },
  boardIds: { description: "Slack: only posts of these boards; empty or absent, every board." },
  events: { description: "Slack: what the channel is told of; all three by default." },
  repositories: { description: "GitHub: the repositories issues may be created in, `owner/name`." },
  statusMapping: {
    description:
      "The tracker's state → the post's status: GitHub `open`, `closed` (completed) and `not_planned`; Linear the workflow state's name (`\"Done\"`). A state left out moves nothing.",
    example: { closed: "sts_01jd8x4y2b3c5d6e7f8g9h0j1k" },
  },
};

export const CreateIntegrationSchema = documented(CreateIntegrationBody, words).openapi("CreateIntegration");
export const UpdateIntegrationSchema = documented(UpdateIntegrationBody, words).openapi("UpdateIntegration");

export const IntegrationSchema = z
  .object({
    id: idOf("intg"),
    provider: Provider,
    name: z.string(),
    enabled: z.boolean(),
    credential: z.enum(["token", "webhook_url"]).openapi({ description: "Which credential it holds (never the credential itself)." }),
    hasSigningSecret: z.boolean(),
    account: z.string().nullable().openapi({ description: "Whom the credentials belong to, as the provider said at the last test." }),
    channel: z.string().nullable(),
    boardIds: z.array(idOf("brd")),
    events: z.array(SlackEvent),
    repositories: z.array(z.string()),
    statusMapping: z.record(z.string(), z.string()),
    receiveUrl: z
      .string()
      .nullable()
      .openapi({ description: "Trackers: the URL to register as the webhook in GitHub or Linear, so the issue's state reaches Heed." }),
    ...ReceiverHealthFields,
    createdAt: timestamp,
    updatedAt: timestamp,
  })
  .openapi("Integration");

export const CreatedIntegrationSchema = IntegrationSchema.extend({
  signingSecret: z
    .string()
    .nullable()
    .openapi({ description: "GitHub: the webhook secret Heed made, to paste into the repository's webhook. Shown this once; null when you gave one." }),
}).openapi("CreatedIntegration");

export const integrationParam = idParam("intg", "integration");

export const IntegrationLogEntrySchema = z
  .object({
    id: idOf("inl"),
    direction: z.enum(["out", "in"]),
    kind: z.string().openapi({ description: "`message`, `create_issue`, `find_issue`, `comment`, `test` (sent); the provider's event (received)." }),
    outcome: z.enum(["sent", "retrying", "failed", "applied", "ignored", "duplicate", "refused"]),
    summary: z.string(),
    httpStatus: z.number().int().nullable(),
    createdAt: timestamp,
  })
  .openapi("IntegrationLogEntry");

export const IntegrationTargetSchema = z
  .object({ id: z.string(), name: z.string() })
  .openapi("IntegrationTarget", { description: "Where an issue can be created: a GitHub repository or a Linear team." });

export const TrackerIssueSchema = z
  .object({ id: z.string(), key: z.string().openapi({ example: "acme/app#12" }), url: z.string(), title: z.string(), state: z.string() })
  .openapi("TrackerIssue");

export const IssueLinkSchema = z
  .object({
    id: idOf("iss"),
    postId: idOf("post"),
    integrationId: idOf("intg"),
    provider: z.enum(["github", "linear"]),
    state: z.enum(["pending", "linked", "failed"]).openapi({ description: "`pending` while the issue is created or looked up." }),
    issue: z.union([TrackerIssueSchema, z.null()]),
    error: z.string().nullable(),
    createdAt: timestamp,
    updatedAt: timestamp,
  })
  .openapi("IssueLink");

const issueToCreate = documented(CreateIssueLinkBody.shape.create.unwrap(), {
  target: { description: "A repository (`owner/name`) or a Linear team's id, from `GET /integrations/{id}/targets`." },
  title: { description: "The post's title by default." },
});

export const CreateIssueLinkSchema = documented(CreateIssueLinkBody.extend({ create: issueToCreate.optional() }), {
  reference: { description: "Link an existing issue instead: `owner/repo#12`, `ENG-12`, or the issue's URL." },
}).openapi("CreateIssueLink");

export const issueLinkParams = z.object({
  id: idOf("post").openapi({ param: { name: "id", in: "path" }, description: "The post's id." }),
  linkId: idOf("iss").openapi({ param: { name: "linkId", in: "path" }, description: "The link's id." }),
});

export const inboundParams = z.object({
  id: idOf("intg").openapi({ param: { name: "id", in: "path" }, description: "The integration's id, from its `receiveUrl`." }),
});

export const ReceivedSchema = z.object({ received: z.boolean() }).openapi("IntegrationDeliveryReceived");
