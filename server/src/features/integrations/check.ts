import { type Ctx, inTransaction, reader } from "../../platform/context.js";
import { HeedError } from "../../platform/errors.js";
import { nowIso } from "../../platform/lib/clock.js";
import { newId } from "../../platform/lib/ids.js";
import { requireScope } from "../../platform/scopes.js";
import { trackerOf } from "./clients.js";
import { findIntegration } from "./connect.js";
import { queued } from "./fanout.js";
import { ProviderError } from "./providers/types.js";
import { isTracker } from "./settings.js";

// Trying an integration out. The test is queued like any send (a write never waits on a provider
// inside its transaction) and its outcome lands in the log; the list of repositories or teams is a
// read, asked of the provider while the dashboard waits.

export async function testIntegration({ ctx, input }: { ctx: Ctx; input: { id: string } }): Promise<{ queued: boolean }> {
  requireScope(ctx.actor.scopes, "integrations:write");
  return inTransaction(ctx, async (tx) => {
    const integration = await findIntegration(tx, ctx, input.id);
    const id = newId("integrationDelivery");
    await tx
      .insertInto("integration_deliveries")
      .values(queued({ workspace_id: ctx.workspace.id, integration_id: integration.id, kind: "test", source_id: id, payload: "{}" }, nowIso()))
      .execute();
    return { queued: true };
  });
}

export async function listIntegrationTargets({ ctx, input }: { ctx: Ctx; input: { id: string } }): Promise<{ data: { id: string; name: string }[] }> {
  requireScope(ctx.actor.scopes, "integrations:read");
  const integration = await findIntegration(reader(ctx), ctx, input.id);
  if (!isTracker(integration.provider)) return { data: [] };
  try {
    return { data: await trackerOf(ctx.services, integration).targets() };
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    throw new HeedError("unavailable", `${integration.name} did not answer: ${error.message}`, { extra: { providerStatus: error.options.status ?? null } });
  }
}
