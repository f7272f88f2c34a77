import { z } from "@hono/zod-openapi";
import { idOf, idParam, text, timestamp } from "../../platform/fields.js";

// The API's words for integrations, issue links and the integration log. Credentials go in and
// never come out: an integration's answer says which kind it holds, not what.

export const PROVIDERS = ["slack", "github", "linear"] as const;
/** The changes a Slack channel can be told of. */
export const SLACK_EVENTS = ["post.created", "post.status_changed", "comment.created"] as const;

const Provider = z.enum(PROVIDERS);
const SlackEvent = z.enum(SLACK_EVENTS);
const repository = text()
  .max(200)
  .regex(/^[A-Za-z0-9_.-]+\/[A-Za-z0-9_.-]+$/, "Must be owner/name.");
const StatusMapping = z.record(text().min(1).max(100), idOf("sts")).openapi({
  description:
    "The tracker's state → the post's status: GitHub `open`, `closed` (completed) and `not_planned`; Linear the workflow state's name (`\"Done\"`). A state left out moves nothing.",
  example: { closed: "sts_01jd8x4y2b3c5d6e7f8g9h0j1k" },
});

const fields = {
  name: text().min(1).max(100).optional().openapi({ description: "Shown in the dashboard; the provider's name by default." }),
  enabled: z.boolean().optional().openapi({ description: "A disabled integration sends and applies nothing." }),
  token: text().min(1).max(500).optional().openapi({
    description:
      "Slack: a bot token (`xoxb-…`, with `chat:write`); GitHub: a token with Issues read and write; Linear: a personal API key. Sealed at rest, never answered.",
  }),
  webhookUrl: text()
    .max(500)
    .optional()
    .openapi({ description: "Slack instead of a bot token: an incoming-webhook URL (its channel is fixed). Sealed, never answered." }),
  signingSecret: text()
    .min(8)
    .max(500)
    .optional()
    .openapi({ description: "The secret the tracker signs its webhooks with: Linear's, from its webhook's page. GitHub: Heed makes one when none is given." }),
  channel: text().min(1).max(100).optional().openapi({ description: "Slack with a bot token: the channel (`#feedback` or its id)." }),
  boardIds: z.array(idOf("brd")).max(100).optional().openapi({ description: "Slack: only posts of these boards; empty or absent, every board." }),
  events: z.array(SlackEvent).min(1).max(3).optional().openapi({ description: "Slack: what the channel is told of; all three by default." }),
  repositories: z.array(repository).max(50).optional().openapi({ description: "GitHub: the repositories issues may be created in, `owner/name`." }),
  statusMapping: StatusMapping.optional(),
};

export const CreateIntegrationSchema = z.strictObject({ provider: Provider, ...fields }).openapi("CreateIntegration");
export const UpdateIntegrationSchema = z.strictObject(fields).openapi("UpdateIntegration");

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

export const CreateIssueLinkSchema = z
  .strictObject({
    integrationId: idOf("intg"),
    create: z
      .strictObject({
        target: text().min(1).max(200).openapi({ description: "A repository (`owner/name`) or a Linear team's id, from `GET /integrations/{id}/targets`." }),
        title: text().min(1).max(300).optional().openapi({ description: "The post's title by default." }),
      })
      .optional(),
    reference: text().min(1).max(500).optional().openapi({ description: "Link an existing issue instead: `owner/repo#12`, `ENG-12`, or the issue's URL." }),
  })
  .openapi("CreateIssueLink");

export const issueLinkParams = z.object({
  id: idOf("post").openapi({ param: { name: "id", in: "path" }, description: "The post's id." }),
  linkId: idOf("iss").openapi({ param: { name: "linkId", in: "path" }, description: "The link's id." }),
});

export const inboundParams = z.object({
  id: idOf("intg").openapi({ param: { name: "id", in: "path" }, description: "The integration's id, from its `receiveUrl`." }),
});

export const ReceivedSchema = z.object({ received: z.boolean() }).openapi("IntegrationDeliveryReceived");
