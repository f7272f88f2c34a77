import { randomBytes } from "node:crypto";
import type { z } from "@hono/zod-openapi";
import type { IntegrationsTable } from "../../platform/db/schema.js";
import { recordChange } from "../../platform/changes/record.js";
import { type Ctx, inTransaction, reader, type Tx } from "../../platform/context.js";
import { notFound } from "../../platform/errors.js";
import { nowIso } from "../../platform/lib/clock.js";
import { newId } from "../../platform/lib/ids.js";
import { byId, keysetPage } from "../../platform/pagination/keyset.js";
import type { Page, PageInput } from "../../platform/pagination/page.js";
import { requireScope } from "../../platform/scopes.js";
import { FRESH_HEALTH, releaseHeld, selectHeld, type WithHeld } from "../../platform/turn-off/index.js";
import { requireKey } from "./seal.js";
import type { CreatedIntegrationSchema, CreateIntegrationSchema, UpdateIntegrationSchema } from "./schema.js";
import { checkFields, checkReferences, firstSettings, newCredential, nextSettings } from "./rules.js";
import { PROVIDER_NAMES, sealCredential, sealSigningSecret, settingsOf } from "./settings.js";
import { type IntegrationView, toIntegrationView } from "./view.js";

// Connecting, changing and disconnecting an integration. Nothing here calls the provider (a write
// runs inside the request's transaction): `POST /integrations/{id}/test` queues the check.

type CreateInput = z.output<typeof CreateIntegrationSchema>;
type UpdateInput = z.output<typeof UpdateIntegrationSchema> & { id: string };
type CreatedView = z.output<typeof CreatedIntegrationSchema>;

/** The integration of this workspace, with how many deliveries it holds. */
export async function findIntegration(db: Ctx["services"]["db"] | Tx, ctx: Ctx, id: string): Promise<WithHeld<IntegrationsTable>> {
  const row = await db
    .selectFrom("integrations")
    .selectAll()
    .select(selectHeld("integration", "integrations"))
    .where("workspace_id", "=", ctx.workspace.id)
    .where("id", "=", id)
    .executeTakeFirst();
  if (!row) throw notFound("integration", id);
  return row;
}

export async function listIntegrations({ ctx, input }: { ctx: Ctx; input: PageInput }): Promise<Page<IntegrationView>> {
  requireScope(ctx.actor.scopes, "integrations:read");
  return keysetPage(ctx, {
    key: `integrations:${ctx.workspace.id}`,
    input,
    query: reader(ctx).selectFrom("integrations").selectAll().select(selectHeld("integration", "integrations")).where("workspace_id", "=", ctx.workspace.id),
    order: byId("asc"),
    shape: (rows) => rows.map((row) => toIntegrationView(ctx.services.publicUrl, row)),
  });
}

export async function getIntegration({ ctx, input }: { ctx: Ctx; input: { id: string } }): Promise<IntegrationView> {
  requireScope(ctx.actor.scopes, "integrations:read");
  return toIntegrationView(ctx.services.publicUrl, await findIntegration(reader(ctx), ctx, input.id));
}

/** GitHub's webhook secret, when the team gives none: shown once in the answer. */
const newSigningSecret = () => randomBytes(24).toString("base64url");

export async function createIntegration({ ctx, input }: { ctx: Ctx; input: CreateInput }): Promise<CreatedView> {
  requireScope(ctx.actor.scopes, "integrations:write");
  requireKey(ctx.services.integrations?.key);
  const { provider, ...fields } = input;
  checkFields(ctx, provider, fields);
  const credential = newCredential(provider, fields);
  return inTransaction(ctx, async (tx) => {
    const settings = nextSettings(firstSettings(provider), fields);
    await checkReferences(tx, ctx, provider, settings);
    const id = newId("integration");
    const made = provider === "github" && fields.signingSecret === undefined ? newSigningSecret() : null;
    const signing = fields.signingSecret ?? made;
    const at = nowIso();
    const row: IntegrationsTable = {
      id,
      workspace_id: ctx.workspace.id,
      provider,
      name: fields.name ?? (settings.channel ? `${PROVIDER_NAMES[provider]} ${settings.channel}` : PROVIDER_NAMES[provider]),
      enabled: fields.enabled === false ? 0 : 1,
      settings: JSON.stringify(settings),
      credentials: sealCredential(ctx.services, id, credential),
      signing_secret: signing === null ? null : sealSigningSecret(ctx.services, id, signing),
      account: null,
      ...FRESH_HEALTH,
      created_at: at,
      updated_at: at,
    };
    await tx.insertInto("integrations").values(row).execute();
    await recordChange(tx, ctx, { action: "integration.created", objectType: "integration", objectId: id, audit: { provider, name: row.name } });
    return { ...toIntegrationView(ctx.services.publicUrl, row), signingSecret: made };
  });
}

export async function updateIntegration({ ctx, input }: { ctx: Ctx; input: UpdateInput }): Promise<IntegrationView> {
  requireScope(ctx.actor.scopes, "integrations:write");
  const { id, ...fields } = input;
  const secretGiven = fields.token !== undefined || fields.webhookUrl !== undefined || fields.signingSecret !== undefined;
  if (secretGiven) requireKey(ctx.services.integrations?.key);
  return inTransaction(ctx, async (tx) => {
    const { held_deliveries, ...before } = await findIntegration(tx, ctx, id);
    // Turned on again: its run of failures starts afresh, and what Heed held for it is sent.
    const turningOn = before.enabled === 0 && fields.enabled === true;
    checkFields(ctx, before.provider, fields);
    const settings = nextSettings(settingsOf(before), fields);
    await checkReferences(tx, ctx, before.provider, settings);
    const row: IntegrationsTable = {
      ...before,
      name: fields.name ?? before.name,
      enabled: fields.enabled === undefined ? before.enabled : fields.enabled ? 1 : 0,
      settings: JSON.stringify(settings),
      credentials:
        fields.token !== undefined || fields.webhookUrl !== undefined
          ? sealCredential(ctx.services, id, fields.webhookUrl !== undefined ? { webhookUrl: fields.webhookUrl } : { token: fields.token! })
          : before.credentials,
      signing_secret: fields.signingSecret !== undefined ? sealSigningSecret(ctx.services, id, fields.signingSecret) : before.signing_secret,
      // New credentials belong to someone the last test did not see.
      account: secretGiven ? null : before.account,
      ...(turningOn ? FRESH_HEALTH : {}),
      updated_at: nowIso(),
    };
    await tx.updateTable("integrations").set(row).where("id", "=", id).execute();
    const released = turningOn ? await releaseHeld(tx, { kind: "integration", id, workspaceId: ctx.workspace.id }) : 0;
    const changed = Object.keys(fields).filter((k) => !["token", "webhookUrl", "signingSecret"].includes(k));
    await recordChange(tx, ctx, {
      action: "integration.updated",
      objectType: "integration",
      objectId: id,
      audit: { changed, credentialsReplaced: secretGiven, ...(turningOn ? { released } : {}) },
    });
    return toIntegrationView(ctx.services.publicUrl, { ...row, held_deliveries: turningOn ? 0 : held_deliveries });
  });
}

/** Disconnects: its links, queued sends and log go with it; the posts stay as they are. */
export async function deleteIntegration({ ctx, input }: { ctx: Ctx; input: { id: string } }): Promise<void> {
  requireScope(ctx.actor.scopes, "integrations:write");
  await inTransaction(ctx, async (tx) => {
    const before = await findIntegration(tx, ctx, input.id);
    await tx.deleteFrom("integrations").where("id", "=", before.id).execute();
    await recordChange(tx, ctx, {
      action: "integration.deleted",
      objectType: "integration",
      objectId: before.id,
      audit: { provider: before.provider, name: before.name },
    });
  });
}
