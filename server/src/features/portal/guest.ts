import { nowIso } from "../../platform/lib/clock.js";
import { recordChange } from "../../platform/changes/record.js";
import { inTransaction } from "../../platform/context.js";
import type { CustomerCtx } from "../../http/credentials/customer-context.js";
import { type PortalSignIn, startPortalSession } from "../../http/credentials/portal-sessions.js";
import { HeedError } from "../../platform/errors.js";
import { storeUser } from "../users/index.js";

// A guest on the portal: a name and an email that nobody checked, when the workspace allows it
// (off by default). The end user's id is `guest:<email>`, apart from the ids the customer's app
// identifies, and their traits say `guest: true`, so the team sees who was not verified.

/** Whether the end user signed in as a guest (unverified). */
export function isGuest(user: { externalId: string }): boolean {
  return user.externalId.startsWith("guest:");
}

export async function signInAsGuest({ ctx, input }: { ctx: CustomerCtx; input: { name: string; email: string } }): Promise<{ userId: string } & PortalSignIn> {
  const { workspace } = ctx.customer;
  if (!workspace.portalGuestAccess) throw new HeedError("not_found", "This portal does not take guests.");
  const email = input.email.trim().toLowerCase();
  return inTransaction(ctx, async (tx) => {
    const { id, created } = await storeUser(tx, ctx, {
      externalId: `guest:${email}`,
      email,
      name: input.name.trim(),
      traits: { guest: true },
      lastSeenAt: nowIso(),
    });
    await recordChange(
      tx,
      { ...ctx, actor: { ...ctx.actor, id } },
      { action: "user.identified", objectType: "user", objectId: id, audit: { created, verified: false, guest: true } },
    );
    return { userId: id, ...(await startPortalSession(tx, ctx, id)) };
  });
}
