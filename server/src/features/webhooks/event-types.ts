import type { Scope } from "../../../../packages/shared/src/scopes.js";
import { EVENT_TYPES } from "../../platform/changes/events.js";
import { requireScope } from "../../platform/scopes.js";

/** GET /v1/webhooks/event-types. */
export function listWebhookEventTypes({ ctx }: { ctx: { actor: { scopes: readonly Scope[] } } }): { type: string; description: string }[] {
  requireScope(ctx.actor.scopes, "webhooks:read");
  return Object.entries(EVENT_TYPES).map(([type, description]) => ({ type, description }));
}
