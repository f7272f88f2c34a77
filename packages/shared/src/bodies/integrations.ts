import { z } from "zod";
import { idOf, text } from "./fields.js";

// What connecting or changing an integration sends (POST /integrations, PATCH /integrations/{id}),
// and sending a post to an issue tracker (POST /posts/{id}/issues). Which fields each provider
// takes is the server's check after these (server/src/features/integrations/rules.ts).

export const PROVIDERS = ["slack", "github", "linear"] as const;
/** The changes a Slack channel can be told of. */
export const SLACK_EVENTS = ["post.created", "post.status_changed", "comment.created"] as const;

const repository = text()
  .max(200)
  .regex(/^[A-Za-z0-9_.-]+\/[A-Za-z0-9_.-]+$/, "Must be owner/name.");

const fields = {
  name: text().min(1).max(100).optional(),
  enabled: z.boolean().optional(),
  token: text().min(1).max(500).optional(),
  webhookUrl: text().max(500).optional(),
  signingSecret: text().min(8).max(500).optional(),
  channel: text().min(1).max(100).optional(),
  boardIds: z.array(idOf("brd")).max(100).optional(),
  events: z.array(z.enum(SLACK_EVENTS)).min(1).max(3).optional(),
  repositories: z.array(repository).max(50).optional(),
  /** The tracker's state → the post's status. */
  statusMapping: z.record(text().min(1).max(100), idOf("sts")).optional(),
};

export const CreateIntegrationBody = z.strictObject({ provider: z.enum(PROVIDERS), ...fields });
export const UpdateIntegrationBody = z.strictObject(fields);

export const CreateIssueLinkBody = z.strictObject({
  integrationId: idOf("intg"),
  /** A new issue in a repository or team. */
  create: z.strictObject({ target: text().min(1).max(200), title: text().min(1).max(300).optional() }).optional(),
  /** Or an existing issue to link. */
  reference: text().min(1).max(500).optional(),
});
