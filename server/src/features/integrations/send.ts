import type { IntegrationDeliveriesTable, IntegrationsTable } from "../../platform/db/schema.js";
import type { Services } from "../../platform/context.js";
import { slackOf, trackerOf } from "./clients.js";
import type { TrackerIssue } from "./providers/types.js";
import type { SlackMessage } from "./slack-message.js";

// What one delivery asks of the provider, by kind. Answers what the log and the link need.

export type Sent = { summary: string; issue?: TrackerIssue; account?: string };

const TEST_MESSAGE = {
  text: "Heed is connected: this channel will be told of new posts, status changes and comments as chosen.",
  blocks: [
    { type: "section", text: { type: "mrkdwn", text: "*Heed is connected.* This channel will be told of new posts, status changes and comments as chosen." } },
  ],
};

function issueBody(services: Services, postId: string, facts: { body: string; votes: number; revenue: number }): string {
  const link = `${services.publicUrl}/app/posts/${postId}`;
  const revenue = facts.revenue > 0 ? ` · $${Math.round(facts.revenue).toLocaleString("en-US")}/month of revenue` : "";
  return `${facts.body.trim()}\n\n---\nFrom Heed: ${facts.votes} ${facts.votes === 1 ? "vote" : "votes"}${revenue} · ${link}`;
}

export async function sendDelivery(services: Services, integration: IntegrationsTable, delivery: IntegrationDeliveriesTable): Promise<Sent> {
  const payload = JSON.parse(delivery.payload) as Record<string, unknown>;
  if (integration.provider === "slack") {
    const slack = slackOf(services, integration);
    if (delivery.kind === "test") {
      const { account } = await slack.check();
      await slack.post(TEST_MESSAGE);
      return { summary: `Test message sent (${account})`, account };
    }
    const { summary, ...message } = payload as unknown as SlackMessage & { summary: string };
    await slack.post(message);
    return { summary: `Sent ${summary}` };
  }
  // A link removed (or its post deleted) while its issue waited: nothing to create or find.
  if ((delivery.kind === "create_issue" || delivery.kind === "find_issue") && !(await linkExists(services, delivery.link_id)))
    return { summary: "The link is gone; nothing sent" };
  const tracker = trackerOf(services, integration);
  if (delivery.kind === "test") {
    const { account } = await tracker.check();
    return { summary: `Connected as ${account}`, account };
  }
  if (delivery.kind === "create_issue") {
    const { create, postId } = payload as { postId: string; create: { target: string; title: string } };
    const post = await services.db
      .selectFrom("posts")
      .select(["body", "vote_count", "revenue"])
      .where("id", "=", postId)
      .where("workspace_id", "=", delivery.workspace_id)
      .executeTakeFirst();
    const body = issueBody(services, postId, { body: post?.body ?? "", votes: post?.vote_count ?? 0, revenue: Number(post?.revenue ?? 0) });
    const issue = await tracker.createIssue({ target: create.target, title: create.title, body, requestKey: delivery.id });
    return { summary: `Created ${issue.key}`, issue };
  }
  if (delivery.kind === "find_issue") {
    const { reference } = payload as { reference: string };
    const issue = await tracker.findIssue(reference);
    if (!issue) throw new NotFoundIssue(reference);
    return { summary: `Linked ${issue.key}`, issue };
  }
  if (delivery.kind === "comment") {
    const link = await services.db
      .selectFrom("integration_links")
      .selectAll()
      .where("id", "=", delivery.link_id ?? "")
      .executeTakeFirst();
    if (!link?.issue_id) return { summary: "The link is gone; nothing sent" };
    const { body, postId } = payload as { body: string; postId: string };
    const issue: TrackerIssue = {
      id: link.issue_id,
      key: link.issue_key ?? "",
      url: link.issue_url ?? "",
      title: link.issue_title ?? "",
      state: link.issue_state ?? "",
    };
    await tracker.comment(issue, `${body.trim()}\n\n— from Heed: ${services.publicUrl}/app/posts/${postId}`, delivery.id);
    return { summary: `Comment posted to ${issue.key}` };
  }
  throw new Error(`unknown delivery kind ${delivery.kind}`);
}

async function linkExists(services: Services, linkId: string | null): Promise<boolean> {
  if (linkId === null) return false;
  return (await services.db.selectFrom("integration_links").select("id").where("id", "=", linkId).executeTakeFirst()) !== undefined;
}

/** A reference that names no issue the token can see: the link fails at once, without retries. */
export class NotFoundIssue extends Error {
  constructor(reference: string) {
    super(`No issue found for '${reference}' (or the token cannot see it).`);
  }
}
