import type { z } from "@hono/zod-openapi";
import { nowIso } from "../../platform/lib/clock.js";
import { newId } from "../../platform/lib/ids.js";
import type { ChangelogEntriesTable } from "../../platform/db/schema.js";
import type { CreateEntrySchema, UpdateEntrySchema } from "./schema.js";
import { recordChange } from "../../platform/changes/record.js";
import { inTransaction, type Ctx, type Tx } from "../../platform/context.js";
import { invalidReference, notFound } from "../../platform/errors.js";
import { requireScope } from "../../platform/scopes.js";
import { entryView, findEntry, type ChangelogEntryView } from "./view.js";

/** The validated body of `POST /changelog`. */
export type CreateEntryInput = z.output<typeof CreateEntrySchema>;

/** The validated body of `PATCH /changelog/{id}`: the fields to change. */
export type EntryInput = z.output<typeof UpdateEntrySchema>;

async function linkPosts(tx: Tx, ctx: Ctx, entryId: string, postIds: string[]): Promise<void> {
  const unique = [...new Set(postIds)];
  if (unique.length > 0) {
    const found = await tx
      .selectFrom("posts")
      .select("id")
      .where("workspace_id", "=", ctx.workspace.id)
      .where("id", "in", unique)
      .where("deleted_at", "is", null)
      .where("held", "=", 0)
      .execute();
    const known = new Set(found.map((p) => p.id));
    const missing = unique.find((id) => !known.has(id));
    if (missing) throw invalidReference(`/postIds/${postIds.indexOf(missing)}`, "post", missing);
  }
  await tx.deleteFrom("changelog_entry_posts").where("entry_id", "=", entryId).execute();
  if (unique.length > 0) {
    await tx
      .insertInto("changelog_entry_posts")
      .values(unique.map((post_id) => ({ entry_id: entryId, post_id, workspace_id: ctx.workspace.id })))
      .execute();
  }
}

/** A new entry is a draft; publishing is its own step (`publishChangelogEntry`). */
export async function createChangelogEntry({ ctx, input }: { ctx: Ctx; input: CreateEntryInput }): Promise<ChangelogEntryView> {
  requireScope(ctx.actor.scopes, "changelog:write");
  return inTransaction(ctx, async (tx) => {
    const at = nowIso();
    const row: ChangelogEntriesTable = {
      id: newId("changelog"),
      workspace_id: ctx.workspace.id,
      title: input.title,
      body: input.body ?? "",
      type: input.type,
      state: "draft",
      publish_at: null,
      published_at: null,
      created_at: at,
      updated_at: at,
      notify: 1,
      told_at: null,
    };
    await tx.insertInto("changelog_entries").values(row).execute();
    await linkPosts(tx, ctx, row.id, input.postIds ?? []);
    await recordChange(tx, ctx, { action: "changelog.created", objectType: "changelog_entry", objectId: row.id, audit: { title: row.title } });
    return entryView(tx, ctx, row.id);
  });
}

export async function updateChangelogEntry({ ctx, input }: { ctx: Ctx; input: EntryInput & { id: string } }): Promise<ChangelogEntryView> {
  requireScope(ctx.actor.scopes, "changelog:write");
  return inTransaction(ctx, async (tx) => {
    const before = await findEntry(tx, ctx, input.id);
    if (!before) throw notFound("changelog entry", input.id);
    await tx
      .updateTable("changelog_entries")
      .set({ title: input.title ?? before.title, body: input.body ?? before.body, type: input.type ?? before.type, updated_at: nowIso() })
      .where("id", "=", before.id)
      .execute();
    if (input.postIds !== undefined) await linkPosts(tx, ctx, before.id, input.postIds);
    await recordChange(tx, ctx, {
      action: "changelog.updated",
      objectType: "changelog_entry",
      objectId: before.id,
      audit: { changed: Object.keys(input).filter((k) => k !== "id") },
    });
    return entryView(tx, ctx, before.id);
  });
}

export async function deleteChangelogEntry({ ctx, input }: { ctx: Ctx; input: { id: string } }): Promise<void> {
  requireScope(ctx.actor.scopes, "changelog:write");
  await inTransaction(ctx, async (tx) => {
    const entry = await findEntry(tx, ctx, input.id);
    if (!entry) throw notFound("changelog entry", input.id);
    await tx.deleteFrom("changelog_entry_posts").where("entry_id", "=", entry.id).execute();
    await tx.deleteFrom("changelog_entries").where("id", "=", entry.id).execute();
    await recordChange(tx, ctx, {
      action: "changelog.deleted",
      objectType: "changelog_entry",
      objectId: entry.id,
      audit: { title: entry.title, state: entry.state },
    });
  });
}
