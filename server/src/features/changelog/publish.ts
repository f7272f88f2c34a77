import type { z } from "@hono/zod-openapi";
import { nowIso } from "../../platform/lib/clock.js";
import type { Db } from "../../platform/db/database.js";
import type { PublishEntrySchema } from "./schema.js";
import { recordChange } from "../../platform/changes/record.js";
import { SYSTEM_ACTOR, inTransaction, type Ctx, type Services, type Tx } from "../../platform/context.js";
import { HeedError, notFound } from "../../platform/errors.js";
import { requireScope } from "../../platform/scopes.js";
import { entryView, findEntry, type ChangelogEntryView } from "./view.js";
import { countEntryAudience } from "../notifications/index.js";

/**
 * The one way an entry becomes published. The conditional update (`… where state = <expected>`)
 * lets exactly one caller win: two scheduler processes due on the same entry, or a person and the
 * scheduler at once. Only the winner records `changelog.published`, in the same transaction.
 * It tells who follows its posts and the changelog when its `notify` says so (`notify` given here
 * is a person's choice as they publish; the scheduler uses the one stored), once: an entry that
 * told already (`told_at`) tells nobody when published again. Returns how many it mails.
 */
async function markPublished(
  tx: Tx,
  ctx: Ctx,
  id: string,
  expected: "draft" | "scheduled",
  notify?: boolean,
): Promise<(ChangelogEntryView & { notified: number }) | null> {
  const row = await findEntry(tx, ctx, id);
  if (!row || row.state !== expected) return null;
  const tells = (notify ?? row.notify === 1) && row.told_at === null;
  // Counted before `told_at` is written: the count is of who has not been told yet.
  const notified = tells ? await countEntryAudience(tx, ctx.workspace.id, id) : 0;
  const at = nowIso();
  const result = await tx
    .updateTable("changelog_entries")
    .set({
      state: "published",
      published_at: at,
      publish_at: null,
      updated_at: at,
      ...(notify === undefined ? {} : { notify: notify ? 1 : 0 }),
      ...(tells ? { told_at: at } : {}),
    })
    .where("workspace_id", "=", ctx.workspace.id)
    .where("id", "=", id)
    .where("state", "=", expected)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return null;
  const entry = await entryView(tx, ctx, id);
  await recordChange(tx, ctx, {
    action: "changelog.published",
    objectType: "changelog_entry",
    objectId: id,
    audit: { title: entry.title, notified },
    event: { type: "changelog.published", data: entry },
    // Nobody to tell: the notifications' follower passes it by (webhooks still hear).
    ...(tells ? {} : { facts: { notify: false } }),
  });
  return { ...entry, notified };
}

/** The validated body of `POST /changelog/{id}/publish`, with the entry's id from the path; `notify` absent: true. */
export type PublishEntryInput = Omit<z.output<typeof PublishEntrySchema>, "notify"> & { id: string; notify?: boolean | undefined };

/** Publishes now, or schedules for `at` when it lies in the future, keeping whether it will tell. */
export async function publishChangelogEntry({ ctx, input }: { ctx: Ctx; input: PublishEntryInput }): Promise<ChangelogEntryView & { notified: number }> {
  requireScope(ctx.actor.scopes, "changelog:write");
  return inTransaction(ctx, async (tx) => {
    const entry = await findEntry(tx, ctx, input.id);
    if (!entry) throw notFound("changelog entry", input.id);
    if (entry.state === "published") throw new HeedError("conflict", "The entry is published already.");
    if (input.at && input.at > nowIso()) {
      // Only from the state read: the scheduler may have published it meanwhile.
      const scheduled = await tx
        .updateTable("changelog_entries")
        .set({ state: "scheduled", publish_at: input.at, updated_at: nowIso(), notify: input.notify === false ? 0 : 1 })
        .where("id", "=", entry.id)
        .where("state", "=", entry.state)
        .executeTakeFirst();
      if (Number(scheduled.numUpdatedRows) !== 1) throw new HeedError("conflict", "The entry changed while scheduling; read it again.");
      await recordChange(tx, ctx, {
        action: "changelog.scheduled",
        objectType: "changelog_entry",
        objectId: entry.id,
        audit: { publishAt: input.at, notify: input.notify !== false },
      });
      return { ...(await entryView(tx, ctx, entry.id)), notified: 0 };
    }
    const published = await markPublished(tx, ctx, entry.id, entry.state, input.notify !== false);
    if (!published) throw new HeedError("conflict", "The entry changed while publishing; read it again.");
    return published;
  });
}

/** Back to draft: a published entry leaves the public changelog, a scheduled one will not publish. */
export async function unpublishChangelogEntry({ ctx, input }: { ctx: Ctx; input: { id: string } }): Promise<ChangelogEntryView> {
  requireScope(ctx.actor.scopes, "changelog:write");
  return inTransaction(ctx, async (tx) => {
    const entry = await findEntry(tx, ctx, input.id);
    if (!entry) throw notFound("changelog entry", input.id);
    if (entry.state === "draft") throw new HeedError("conflict", "The entry is a draft already.");
    await tx
      .updateTable("changelog_entries")
      .set({ state: "draft", publish_at: null, published_at: null, updated_at: nowIso() })
      .where("id", "=", entry.id)
      .execute();
    await recordChange(tx, ctx, { action: "changelog.unpublished", objectType: "changelog_entry", objectId: entry.id, audit: { from: entry.state } });
    return entryView(tx, ctx, entry.id);
  });
}

/**
 * The scheduler's pass: publishes every scheduled entry that is due, each in its own transaction.
 * Safe to run in any number of processes at once; returns how many this call published.
 */
export async function publishDueEntries(services: Services): Promise<number> {
  const db: Db = services.db;
  const due = await db
    .selectFrom("changelog_entries")
    .innerJoin("workspaces", "workspaces.id", "changelog_entries.workspace_id")
    .select(["changelog_entries.id", "workspaces.id as workspace_id", "workspaces.slug"])
    .where("changelog_entries.state", "=", "scheduled")
    .where("changelog_entries.publish_at", "<=", nowIso())
    .orderBy("changelog_entries.publish_at")
    .limit(500)
    .execute();
  let published = 0;
  for (const entry of due) {
    const ctx: Ctx = { services, workspace: { id: entry.workspace_id, slug: entry.slug }, actor: SYSTEM_ACTOR, requestId: null };
    if (await inTransaction(ctx, (tx) => markPublished(tx, ctx, entry.id, "scheduled"))) published++;
  }
  return published;
}
