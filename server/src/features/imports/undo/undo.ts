import { recordChange } from "../../../platform/changes/record.js";
import { inTransaction, type Ctx, type Services } from "../../../platform/context.js";
import { HeedError, notFound } from "../../../platform/errors.js";
import { nowIso } from "../../../platform/lib/clock.js";
import { UNLEASED } from "../../../platform/queue/index.js";
import { requireScope } from "../../../platform/scopes.js";
import { findImport, type ImportView, toImportView } from "../view.js";
import { builtOnImport } from "./built-on.js";
import { removeImportBatch } from "./remove.js";

/**
 * `POST /imports/{id}/undo`: takes a done import out again, while nothing has been built on it
 * (409 with what stands on it otherwise). Audited here, by whoever asked; the removal itself runs
 * in the background (`undoing`, then `undone`): a large batch takes longer than a request should.
 * Like the import, it notifies nobody.
 */
export async function undoImport({ ctx, input }: { ctx: Ctx; input: { id: string } }): Promise<ImportView> {
  requireScope(ctx.actor.scopes, "imports:write");
  // One transaction, the checks in it: a request with an Idempotency-Key already holds one, and
  // on SQLite a read beside it (on the pool, not the transaction) would wait for it forever.
  return inTransaction(ctx, async (tx) => {
    const row = await findImport(tx, ctx, input.id);
    if (!row) throw notFound("import", input.id);
    if (row.state !== "done" || Number(row.dry_run) === 1) {
      throw new HeedError(
        "conflict",
        Number(row.dry_run) === 1 ? "A dry run wrote nothing: there is nothing to undo." : `The import is ${row.state}: only a done import can be undone.`,
      );
    }
    const later = await tx
      .selectFrom("imports")
      .select("id")
      .where("workspace_id", "=", ctx.workspace.id)
      .where("source", "=", row.source)
      .where("dry_run", "=", 0)
      .where("state", "in", ["running", "done", "undoing"])
      .where("id", ">", row.id)
      .executeTakeFirst();
    if (later)
      throw new HeedError("conflict", `A later import from ${row.source} (${later.id}) may build on this one: undo it first.`, {
        extra: { builtOn: [{ what: "later imports from the same source", count: 1 }] },
      });
    const builtOn = await builtOnImport(tx, ctx.workspace.id, row.id, row.finished_at!);
    if (builtOn.length > 0) {
      throw new HeedError("conflict", `Things have been built on this import since: ${builtOn.map((b) => `${b.count} ${b.what}`).join("; ")}.`, {
        extra: { builtOn },
      });
    }
    const claimed = await tx
      .updateTable("imports")
      .set({ state: "undoing", ...UNLEASED })
      .where("id", "=", row.id)
      .where("state", "=", "done")
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) === 0) throw new HeedError("conflict", "The import is being undone already.");
    await recordChange(tx, ctx, { action: "import.undone", objectType: "import", objectId: row.id });
    return toImportView((await findImport(tx, ctx, row.id))!);
  });
}

/** Removes what an import in `undoing` wrote, then marks it `undone` (the runner's part of an undo). */
export async function finishUndo(services: Pick<Services, "db" | "dialect">, row: { id: string; workspace_id: string }): Promise<void> {
  await removeImportBatch(services.db, services.dialect, row.workspace_id, row.id);
  await services.db
    .updateTable("imports")
    .set({ state: "undone", undone_at: nowIso(), ...UNLEASED })
    .where("id", "=", row.id)
    .where("state", "=", "undoing")
    .execute();
}
