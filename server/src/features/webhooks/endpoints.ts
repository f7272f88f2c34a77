import type { z } from "@hono/zod-openapi";
import { isoAt, nowIso, nowMs } from "../../platform/lib/clock.js";
import { newId } from "../../platform/lib/ids.js";
import type { WebhookEndpointsTable } from "../../platform/db/schema.js";
import type { CreateEndpointSchema, EndpointSchema, EndpointWithSecretSchema, UpdateEndpointSchema } from "./schema.js";
import { recordChange } from "../../platform/changes/record.js";
import { inTransaction, reader, type Ctx, type Tx } from "../../platform/context.js";
import { HeedError, notFound } from "../../platform/errors.js";
import { byId, keysetPage } from "../../platform/pagination/keyset.js";
import type { Page, PageInput } from "../../platform/pagination/page.js";
import { requireScope } from "../../platform/scopes.js";
import { EVENT_NAMES, TEST_EVENT } from "../../platform/changes/events.js";
import { insertDeliveries, pendingDelivery } from "./pending.js";
import { newWebhookSecret } from "./sign.js";
import { checkWebhookUrl } from "./ssrf.js";
import { FRESH_HEALTH, receiverHealthView, releaseHeld, selectHeld, type WithHeld } from "../../platform/turn-off/index.js";

/** After a rotation the previous secret keeps signing beside the new one for this long. */
const ROTATION_OVERLAP_MS = 24 * 3_600_000;

/** A webhook endpoint as the API shows it. */
export type EndpointView = z.output<typeof EndpointSchema>;

/** What an update may change; a creation gives `url` and `events` too (CreateEndpointInput). */
export type EndpointInput = z.output<typeof UpdateEndpointSchema>;

export type CreateEndpointInput = z.output<typeof CreateEndpointSchema>;

/** An endpoint with its signing secret, as creating and rotating answer. */
export type EndpointWithSecretView = z.output<typeof EndpointWithSecretSchema>;

function toView(row: WithHeld<WebhookEndpointsTable>): EndpointView {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: JSON.parse(row.events) as string[],
    enabled: row.enabled === 1,
    previousSecretExpiresAt: row.previous_secret_expires_at,
    ...receiverHealthView(row),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

function checkEvents(events: string[]): string[] {
  const unknown = events.filter((e) => e !== "*" && !(EVENT_NAMES as string[]).includes(e));
  if (unknown.length > 0 || events.length === 0) {
    throw new HeedError("validation_failed", 'Subscribe to event names from GET /v1/webhooks/event-types, or to "*".', {
      errors: unknown.map((e) => ({ pointer: `/events/${events.indexOf(e)}`, code: "not_allowed" as const, detail: `Unknown event '${e}'.` })),
    });
  }
  return events.includes("*") ? ["*"] : [...new Set(events)].sort();
}

/** The endpoint of this workspace, with how many deliveries it holds. */
export async function findEndpoint(db: Tx | Ctx["services"]["db"], ctx: Ctx, id: string): Promise<WithHeld<WebhookEndpointsTable>> {
  const row = await db
    .selectFrom("webhook_endpoints")
    .selectAll()
    .select(selectHeld("webhook_endpoint", "webhook_endpoints"))
    .where("workspace_id", "=", ctx.workspace.id)
    .where("id", "=", id)
    .executeTakeFirst();
  if (!row) throw notFound("webhook endpoint", id);
  return row;
}

export async function listWebhookEndpoints({ ctx, input }: { ctx: Ctx; input: PageInput }): Promise<Page<EndpointView>> {
  requireScope(ctx.actor.scopes, "webhooks:read");
  return keysetPage(ctx, {
    key: `webhook_endpoints:${ctx.workspace.id}`,
    input,
    query: reader(ctx)
      .selectFrom("webhook_endpoints")
      .selectAll()
      .select(selectHeld("webhook_endpoint", "webhook_endpoints"))
      .where("workspace_id", "=", ctx.workspace.id),
    order: byId("asc"),
    shape: (rows) => rows.map(toView),
  });
}

export async function getWebhookEndpoint({ ctx, input }: { ctx: Ctx; input: { id: string } }): Promise<EndpointView> {
  requireScope(ctx.actor.scopes, "webhooks:read");
  return toView(await findEndpoint(reader(ctx), ctx, input.id));
}

/** The secret is in the answer this once, as with API keys. */
export async function createWebhookEndpoint({ ctx, input }: { ctx: Ctx; input: CreateEndpointInput }): Promise<EndpointWithSecretView> {
  requireScope(ctx.actor.scopes, "webhooks:write");
  const url = checkWebhookUrl(input.url, ctx.services.webhooksAllowPrivate ?? false);
  const events = checkEvents(input.events);
  return inTransaction(ctx, async (tx) => {
    const at = nowIso();
    const row: WebhookEndpointsTable = {
      id: newId("webhookEndpoint"),
      workspace_id: ctx.workspace.id,
      url,
      description: input.description ?? "",
      events: JSON.stringify(events),
      enabled: input.enabled === false ? 0 : 1,
      secret: newWebhookSecret(),
      previous_secret: null,
      previous_secret_expires_at: null,
      ...FRESH_HEALTH,
      created_at: at,
      updated_at: at,
    };
    await tx.insertInto("webhook_endpoints").values(row).execute();
    await recordChange(tx, ctx, { action: "webhook_endpoint.created", objectType: "webhook_endpoint", objectId: row.id, audit: { url, events } });
    return { ...toView(row), secret: row.secret };
  });
}

export async function updateWebhookEndpoint({ ctx, input }: { ctx: Ctx; input: EndpointInput & { id: string } }): Promise<EndpointView> {
  requireScope(ctx.actor.scopes, "webhooks:write");
  const url = input.url === undefined ? undefined : checkWebhookUrl(input.url, ctx.services.webhooksAllowPrivate ?? false);
  const events = input.events === undefined ? undefined : checkEvents(input.events);
  return inTransaction(ctx, async (tx) => {
    const { held_deliveries, ...before } = await findEndpoint(tx, ctx, input.id);
    // Turned on again: its run of failures starts afresh, and what Heed held for it is sent.
    const turningOn = before.enabled === 0 && input.enabled === true;
    const row: WebhookEndpointsTable = {
      ...before,
      url: url ?? before.url,
      events: events ? JSON.stringify(events) : before.events,
      description: input.description ?? before.description,
      enabled: input.enabled === undefined ? before.enabled : input.enabled ? 1 : 0,
      ...(turningOn ? FRESH_HEALTH : {}),
      updated_at: nowIso(),
    };
    await tx.updateTable("webhook_endpoints").set(row).where("id", "=", before.id).execute();
    const released = turningOn ? await releaseHeld(tx, { kind: "webhook_endpoint", id: before.id, workspaceId: ctx.workspace.id }) : 0;
    await recordChange(tx, ctx, {
      action: "webhook_endpoint.updated",
      objectType: "webhook_endpoint",
      objectId: before.id,
      audit: { changed: Object.keys(input).filter((k) => k !== "id"), ...(turningOn ? { released } : {}) },
    });
    return toView({ ...row, held_deliveries: turningOn ? 0 : held_deliveries });
  });
}

export async function deleteWebhookEndpoint({ ctx, input }: { ctx: Ctx; input: { id: string } }): Promise<void> {
  requireScope(ctx.actor.scopes, "webhooks:write");
  await inTransaction(ctx, async (tx) => {
    const endpoint = await findEndpoint(tx, ctx, input.id);
    await tx.deleteFrom("webhook_endpoints").where("id", "=", endpoint.id).execute();
    await recordChange(tx, ctx, { action: "webhook_endpoint.deleted", objectType: "webhook_endpoint", objectId: endpoint.id, audit: { url: endpoint.url } });
  });
}

/** A new secret; the previous one keeps signing beside it for 24 h so receivers can switch. */
export async function rotateWebhookSecret({ ctx, input }: { ctx: Ctx; input: { id: string } }): Promise<EndpointWithSecretView> {
  requireScope(ctx.actor.scopes, "webhooks:write");
  return inTransaction(ctx, async (tx) => {
    const { held_deliveries, ...before } = await findEndpoint(tx, ctx, input.id);
    const row = {
      ...before,
      secret: newWebhookSecret(),
      previous_secret: before.secret,
      previous_secret_expires_at: isoAt(nowMs() + ROTATION_OVERLAP_MS),
      updated_at: nowIso(),
    };
    await tx.updateTable("webhook_endpoints").set(row).where("id", "=", before.id).execute();
    await recordChange(tx, ctx, { action: "webhook_endpoint.secret_rotated", objectType: "webhook_endpoint", objectId: before.id });
    return { ...toView({ ...row, held_deliveries }), secret: row.secret };
  });
}

/** Queues a `webhook.test` delivery to this endpoint only, whatever it subscribes to. */
export async function sendWebhookTest({ ctx, input }: { ctx: Ctx; input: { id: string } }): Promise<{ deliveryId: string; eventId: string }> {
  requireScope(ctx.actor.scopes, "webhooks:write");
  return inTransaction(ctx, async (tx) => {
    const endpoint = await findEndpoint(tx, ctx, input.id);
    const at = nowIso();
    const eventId = newId("event");
    const payload = JSON.stringify({ type: TEST_EVENT, timestamp: at, data: { endpointId: endpoint.id, message: "A test event from Heed." } });
    const delivery = pendingDelivery({ workspace_id: ctx.workspace.id, endpoint_id: endpoint.id, event_id: eventId, event_type: TEST_EVENT, payload }, at);
    await insertDeliveries(tx, [delivery]);
    const deliveryId = delivery.id;
    await recordChange(tx, ctx, { action: "webhook_endpoint.tested", objectType: "webhook_endpoint", objectId: endpoint.id, audit: { deliveryId } });
    return { deliveryId, eventId };
  });
}
