import type { z } from "@hono/zod-openapi";
import { sql } from "kysely";
import { endUserPortalSessions } from "../../http/credentials/portal-sessions.js";
import { recordChange } from "../../platform/changes/record.js";
import { inTransaction, type Ctx, type Tx } from "../../platform/context.js";
import { notFound } from "../../platform/errors.js";
import { nowIso } from "../../platform/lib/clock.js";
import { truncateWalSoon } from "../../platform/db/truncate-wal.js";
import { requireScope } from "../../platform/scopes.js";
import { recountRevenue } from "../posts/index.js";
import { scrubStoredCopies } from "./personal-data/copies.js";
import type { UserErasureSchema } from "./schema.js";
import { findUser } from "./view.js";

/** What an erasure removed and made anonymous, as `POST /users/{id}/erase` answers it. */
export type UserErasure = z.output<typeof UserErasureSchema>;

/**
 * Erases an end user's personal data everywhere Heed stores it, in one transaction (see
 * docs/SECURITY.md, "Erasing a person"):
 * - the row keeps its id, so their votes still count and their posts and comments stay, without a
 *   name: email, name, avatar, traits, company, language, last-seen and notification preferences
 *   are emptied, and `externalId` becomes `deleted:<id>` (freeing it for a new person); the user
 *   answers 404 afterwards;
 * - what exists only because of them is deleted: portal sessions (they are signed out everywhere),
 *   unused sign-in links sent to their email, tracked events, their notifications and mails, what
 *   they follow; and the workspace's export archives still kept, which hold them;
 * - the copies of them inside stored JSON (webhook events and payloads, audit data, notification
 *   events, saved filters that searched for their email) are made anonymous (personal-data/copies.ts).
 * Audited as `user.erased`, with the event `user.erased` ({id, erasedAt}).
 */
async function erase(tx: Tx, ctx: Ctx, id: string): Promise<UserErasure> {
  let read = tx
    .selectFrom("users")
    .select(["id", "external_id", "email", "name", "company_id"])
    .where("workspace_id", "=", ctx.workspace.id)
    .where("id", "=", id);
  // On PostgreSQL the row is locked first: an identify or upsert of the person waits for the erasure.
  if (ctx.services.dialect === "postgres") read = read.forUpdate();
  const user = await read.executeTakeFirst();
  if (!user) throw notFound("end user", id);
  const at = nowIso();
  const erasedExternalId = `deleted:${user.id}`;
  await tx
    .updateTable("users")
    .set({
      external_id: erasedExternalId,
      email: null,
      name: null,
      avatar_url: null,
      company_id: null,
      traits: "{}",
      locale: null,
      last_seen_at: null,
      follows_changelog: 0,
      // Their notification choice goes with them: nothing is ever mailed to the row again.
      email_notifications: "off",
      deleted_at: sql<string>`coalesce(deleted_at, ${at})`,
      updated_at: at,
    })
    .where("workspace_id", "=", ctx.workspace.id)
    .where("id", "=", user.id)
    .execute();

  const workspace = ctx.workspace.id;
  const count = (result: { numDeletedRows: bigint }) => Number(result.numDeletedRows);
  const portalSessions = await tx
    .selectFrom("portal_sessions")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("workspace_id", "=", workspace)
    .where("user_id", "=", user.id)
    .executeTakeFirstOrThrow();
  await endUserPortalSessions(tx, workspace, user.id);
  const signInLinks = user.email
    ? count(
        await tx
          .deleteFrom("portal_sign_in_links")
          .where("workspace_id", "=", workspace)
          .where(sql`lower(email)`, "=", user.email.toLowerCase())
          .executeTakeFirstOrThrow(),
      )
    : 0;
  const trackedEvents = count(
    await tx.deleteFrom("tracked_events").where("workspace_id", "=", workspace).where("user_id", "=", user.id).executeTakeFirstOrThrow(),
  );
  const notifications = count(
    await tx.deleteFrom("notifications").where("workspace_id", "=", workspace).where("recipient_id", "=", user.id).executeTakeFirstOrThrow(),
  );
  await tx.deleteFrom("notification_mails").where("workspace_id", "=", workspace).where("recipient_id", "=", user.id).execute();
  const follows = count(
    await tx.deleteFrom("post_followers").where("workspace_id", "=", workspace).where("follower_id", "=", user.id).executeTakeFirstOrThrow(),
  );
  // Every archive of the workspace still kept holds them (users.jsonl, authors of posts): each goes,
  // with its chunks; a runner writing one stops at its next chunk (its lease is gone with the row).
  const exports = count(await tx.deleteFrom("exports").where("workspace_id", "=", workspace).executeTakeFirstOrThrow());
  const scrubbed = await scrubStoredCopies(tx, workspace, { id: user.id, email: user.email, name: user.name, externalId: user.external_id }, erasedExternalId);
  if (user.company_id) await recountRevenue(tx, workspace, { userId: user.id });

  const erasure: UserErasure = {
    id: user.id,
    erasedAt: at,
    removed: { portalSessions: Number(portalSessions.n), signInLinks, trackedEvents, notifications, follows, exports },
    scrubbed,
  };
  await recordChange(tx, ctx, {
    action: "user.erased",
    objectType: "user",
    objectId: user.id,
    audit: { removed: erasure.removed, scrubbed: erasure.scrubbed },
    event: { type: "user.erased", data: { id: user.id, erasedAt: at } },
  });
  return erasure;
}

/**
 * `POST /users/{id}/erase`: any end user of the workspace, including one deleted before erasure
 * existed (whose copies elsewhere it then removes); erasing again finds nothing more to remove.
 */
export async function eraseUser({ ctx, input }: { ctx: Ctx; input: { id: string } }): Promise<UserErasure> {
  requireScope(ctx.actor.scopes, "users:write");
  const erasure = await inTransaction(ctx, (tx) => erase(tx, ctx, input.id));
  truncateWalSoon(ctx.services.db, ctx.services.dialect);
  return erasure;
}

/** `DELETE /users/{id}`: the same erasure, of a user not yet deleted (a second DELETE is a 404). */
export async function deleteUser({ ctx, input }: { ctx: Ctx; input: { id: string } }): Promise<void> {
  requireScope(ctx.actor.scopes, "users:write");
  await inTransaction(ctx, async (tx) => {
    if (!(await findUser(tx, ctx, input.id))) throw notFound("end user", input.id);
    await erase(tx, ctx, input.id);
  });
  truncateWalSoon(ctx.services.db, ctx.services.dialect);
}
