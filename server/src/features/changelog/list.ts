import type { z } from "@hono/zod-openapi";
import type { ListChangelogQuery } from "./schema.js";
import { reader, type Ctx } from "../../platform/context.js";
import { notFound } from "../../platform/errors.js";
import { byId, keysetPage } from "../../platform/pagination/keyset.js";
import type { Page } from "../../platform/pagination/page.js";
import { requireScope } from "../../platform/scopes.js";
import { findEntry, toEntryViews, type ChangelogEntryView } from "./view.js";

export async function getChangelogEntry({ ctx, input }: { ctx: Ctx; input: { id: string } }): Promise<ChangelogEntryView> {
  requireScope(ctx.actor.scopes, "changelog:read");
  const db = reader(ctx);
  const row = await findEntry(db, ctx, input.id);
  if (!row) throw notFound("changelog entry", input.id);
  return (await toEntryViews(db, ctx, [row]))[0]!;
}

/** The validated query of `GET /changelog`. */
export type ListChangelogInput = z.output<typeof ListChangelogQuery>;

/** Newest first; `state` filters drafts, scheduled or published entries. */
export async function listChangelog({ ctx, input }: { ctx: Ctx; input: ListChangelogInput }): Promise<Page<ChangelogEntryView>> {
  requireScope(ctx.actor.scopes, "changelog:read");
  const db = reader(ctx);
  let query = db.selectFrom("changelog_entries").selectAll().where("workspace_id", "=", ctx.workspace.id);
  if (input.state) query = query.where("state", "=", input.state);
  const page = await keysetPage(ctx, {
    key: JSON.stringify(["changelog", ctx.workspace.id, input.state ?? null]),
    input,
    query,
    order: byId("desc"),
    shape: (rows) => rows,
  });
  return { data: await toEntryViews(db, ctx, page.data), nextCursor: page.nextCursor };
}
