import { recordChange } from "../../platform/changes/record.js";
import { inTransaction, reader, type Ctx } from "../../platform/context.js";
import { HeedError, notFound } from "../../platform/errors.js";
import { isoAt, nowIso, nowMs } from "../../platform/lib/clock.js";
import { newId } from "../../platform/lib/ids.js";
import { byId, keysetPage } from "../../platform/pagination/keyset.js";
import type { Page, PageInput } from "../../platform/pagination/page.js";
import { UNLEASED } from "../../platform/queue/index.js";
import { requireScope } from "../../platform/scopes.js";
import { EXPORT_KINDS } from "./kinds/index.js";
import { EXPORT_LIFETIME_HOURS } from "./schema.js";
import { type ExportView, findExport, toExportView } from "./view.js";

// Asking for the workspace's export, and following it. The archive holds everything the team can
// read at once (end users' emails, internal comments), so it has a permission of its own,
// `exports:write` to ask and `exports:read` to follow and download, which the member role does
// not have: owners, admins, or a key made for it.

/**
 * `POST /exports`: the export, queued; the background runner writes it (run.ts). One at a time per
 * workspace: while one is queued or running, asking again answers that one, so repeated clicks or
 * a script in a loop never queue the whole workspace many times over.
 */
export async function createExport({ ctx }: { ctx: Ctx }): Promise<ExportView> {
  requireScope(ctx.actor.scopes, "exports:write");
  return inTransaction(ctx, async (tx) => {
    // Two asks at once on PostgreSQL queue one export: the second waits here for the first's commit.
    if (ctx.services.dialect === "postgres") await tx.selectFrom("workspaces").select("id").where("id", "=", ctx.workspace.id).forUpdate().execute();
    const unfinished = await tx
      .selectFrom("exports")
      .selectAll()
      .where("workspace_id", "=", ctx.workspace.id)
      .where("state", "in", ["queued", "running"])
      .orderBy("id")
      .executeTakeFirst();
    if (unfinished) return toExportView(unfinished);
    const id = newId("export");
    const at = nowIso();
    let total = 0;
    for (const kind of EXPORT_KINDS) total += (await kind.count(tx, ctx.workspace.id, at)) * (kind.csv ? 2 : 1);
    await tx
      .insertInto("exports")
      .values({
        id,
        workspace_id: ctx.workspace.id,
        actor_type: ctx.actor.type,
        actor_id: ctx.actor.id,
        state: "queued",
        total,
        error: null,
        ...UNLEASED,
        created_at: at,
        finished_at: null,
        expires_at: isoAt(nowMs() + EXPORT_LIFETIME_HOURS * 3_600_000),
      })
      .execute();
    await recordChange(tx, ctx, { action: "export.created", objectType: "export", objectId: id, audit: { total } });
    return toExportView((await findExport(tx, ctx, id))!);
  });
}

export async function getExport({ ctx, input }: { ctx: Ctx; input: { id: string } }): Promise<ExportView> {
  requireScope(ctx.actor.scopes, "exports:read");
  const row = await findExport(reader(ctx), ctx, input.id);
  if (!row) throw notFound("export", input.id);
  return toExportView(row);
}

/** The workspace's exports not yet expired, newest first. */
export async function listExports({ ctx, input }: { ctx: Ctx; input: PageInput }): Promise<Page<ExportView>> {
  requireScope(ctx.actor.scopes, "exports:read");
  return keysetPage(ctx, {
    key: JSON.stringify(["exports", ctx.workspace.id]),
    input,
    query: reader(ctx).selectFrom("exports").selectAll().where("workspace_id", "=", ctx.workspace.id).where("expires_at", ">", nowIso()),
    order: byId("desc"),
    shape: (rows) => rows.map(toExportView),
  });
}

/** A finished export, to download: each download is audited. 409 while it is not done. */
export async function downloadExport({ ctx, input }: { ctx: Ctx; input: { id: string } }): Promise<{ id: string; bytes: number; slug: string }> {
  requireScope(ctx.actor.scopes, "exports:read");
  return inTransaction(ctx, async (tx) => {
    const row = await findExport(tx, ctx, input.id);
    if (!row) throw notFound("export", input.id);
    if (row.state !== "done") throw new HeedError("conflict", `The export is ${row.state}: its archive downloads once it is done.`);
    await recordChange(tx, ctx, { action: "export.downloaded", objectType: "export", objectId: row.id });
    return { id: row.id, bytes: Number(row.bytes), slug: ctx.workspace.slug };
  });
}
