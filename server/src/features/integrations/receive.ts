import { recordSystemChange } from "../../platform/changes/record.js";
import type { Services } from "../../platform/context.js";
import type { Ctx, Tx } from "../../platform/context.js";
import { HeedError } from "../../platform/errors.js";
import { nowIso } from "../../platform/lib/clock.js";
import { changePostStatus } from "../posts/verbs.js";
import { writeLog } from "./log.js";
import { readGitHubDelivery } from "./providers/github-webhook.js";
import { readLinearDelivery } from "./providers/linear-webhook.js";
import type { TrackerDelivery } from "./providers/types.js";
import { settingsOf, signingSecretOf } from "./settings.js";

// A tracker's webhook: verified with the integration's signing secret, taken once per delivery id,
// then the linked posts follow the issue's state through the team's mapping. The receipt, the
// links' new state and the status changes commit together: a delivery that failed half-way is
// taken again when the provider retries it, and a repeat changes nothing.

const readers = { github: readGitHubDelivery, linear: readLinearDelivery } as const;

type Delivery = { integrationId: string; body: string; headers: Headers };

export async function receiveGitHubWebhook(services: Services, input: Delivery): Promise<{ received: boolean }> {
  return receiveTrackerDelivery(services, { ...input, provider: "github" });
}

export async function receiveLinearWebhook(services: Services, input: Delivery): Promise<{ received: boolean }> {
  return receiveTrackerDelivery(services, { ...input, provider: "linear" });
}

async function receiveTrackerDelivery(
  services: Services,
  input: { provider: "github" | "linear"; integrationId: string; body: string; headers: Headers },
): Promise<{ received: boolean }> {
  const { db } = services;
  const integration = await db
    .selectFrom("integrations")
    .selectAll()
    .where("id", "=", input.integrationId)
    .where("provider", "=", input.provider)
    .executeTakeFirst();
  if (!integration) throw new HeedError("not_found", `No ${input.provider} integration with id '${input.integrationId}'.`);
  const base = { workspace_id: integration.workspace_id, integration_id: integration.id, direction: "in" as const };
  const secret = signingSecretOf(services, integration);
  const delivery = secret === null ? "bad-signature" : await readers[input.provider](secret, input.body, input.headers);
  if (delivery === "bad-signature") {
    await writeLog(db, {
      ...base,
      kind: "webhook",
      outcome: "refused",
      summary: secret === null ? "Refused: no signing secret is set" : "Refused: the signature does not match",
    });
    throw new HeedError("invalid_credential", "The delivery's signature does not match the integration's signing secret.");
  }
  const kind = input.headers.get("x-github-event") ?? input.headers.get("linear-event") ?? "webhook";
  if (integration.enabled === 0) {
    await writeLog(db, { ...base, kind, outcome: "ignored", summary: "Ignored: the integration is disabled" });
    return { received: false };
  }
  return db.transaction().execute(async (tx) => {
    const first = await tx
      .insertInto("integration_receipts")
      .values({ integration_id: integration.id, delivery_id: delivery.deliveryId, received_at: nowIso() })
      .onConflict((oc) => oc.doNothing())
      .returning("delivery_id")
      .executeTakeFirst();
    if (!first) {
      await writeLog(tx, { ...base, kind, outcome: "duplicate", summary: `Delivery ${delivery.deliveryId} was received before; nothing changed` });
      return { received: true };
    }
    const summary = await apply(tx, services, integration, delivery);
    await writeLog(tx, { ...base, kind, outcome: summary ? "applied" : "ignored", summary: summary ?? "Nothing to do: no linked post follows this" });
    return { received: true };
  });
}

/** Moves each post linked to the issue to the mapped status; answers what it did, or null for nothing. */
async function apply(
  tx: Tx,
  services: Services,
  integration: { id: string; workspace_id: string; settings: string },
  delivery: TrackerDelivery,
): Promise<string | null> {
  const issue = delivery.issue;
  if (!issue) return null;
  const links = await tx
    .selectFrom("integration_links")
    .select(["id", "post_id"])
    .where("integration_id", "=", integration.id)
    .where("issue_id", "=", issue.id)
    .where("state", "=", "linked")
    .execute();
  if (links.length === 0) return null;
  await tx
    .updateTable("integration_links")
    .set({ issue_state: issue.state, issue_title: issue.title, issue_url: issue.url, updated_at: nowIso() })
    .where(
      "id",
      "in",
      links.map((l) => l.id),
    )
    .execute();
  // The issue's state shows on the post (the dashboard's panel, the portal's line): kept answers and pages are made anew.
  await recordSystemChange(tx, integration.workspace_id);
  const statusId = settingsOf(integration).statusMapping[issue.state];
  if (!statusId) return `${issue.key} is ${issue.state}; no status is mapped to it`;
  const status = await tx
    .selectFrom("statuses")
    .select("id")
    .where("id", "=", statusId)
    .where("workspace_id", "=", integration.workspace_id)
    .executeTakeFirst();
  if (!status) return `${issue.key} is ${issue.state}; the status mapped to it no longer exists`;
  const workspace = await tx.selectFrom("workspaces").select(["id", "slug"]).where("id", "=", integration.workspace_id).executeTakeFirstOrThrow();
  // The tracker acts as the system, through this integration: its events are never sent back to it.
  const ctx: Ctx = { services, workspace, actor: { type: "system", id: null, scopes: ["posts:write"] }, requestId: null, tx, origin: integration.id };
  let moved = 0;
  let to = "";
  for (const postId of new Set(links.map((l) => l.post_id))) {
    const before = await tx.selectFrom("posts").select("status_id").where("id", "=", postId).where("deleted_at", "is", null).executeTakeFirst();
    if (!before || before.status_id === statusId) continue;
    const { post } = await changePostStatus({ ctx, input: { postId, statusId } });
    to = post.status.name;
    moved++;
  }
  return moved === 0
    ? `${issue.key} is ${issue.state}; its posts were already there`
    : `${issue.key} is ${issue.state}: ${moved} ${moved === 1 ? "post" : "posts"} moved to ${to}`;
}
