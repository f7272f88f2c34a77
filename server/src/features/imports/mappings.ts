import { createHash } from "node:crypto";
import { columnSetKey } from "../../../../packages/shared/src/imports.js";
import { reader, type Ctx, type Tx } from "../../platform/context.js";
import type { Db } from "../../platform/db/database.js";
import type { ImportSource } from "../../platform/db/schema.js";
import { nowIso } from "../../platform/lib/clock.js";
import { requireScope } from "../../platform/scopes.js";
import type { CsvKind } from "./model.js";
import { type CsvMapping, fieldsOf } from "./sources/csv/mapping.js";
import { csvRecords } from "./sources/csv/read.js";
import { uploadedFile } from "./uploads.js";

// The workspace's last column mapping per set of columns: each import of uploaded files keeps, for
// each file, the mapping it was asked with under the file's columns (read from the file itself, so
// the key is what the file holds, not what a client says), and the next file with the same columns
// (in any order or case) starts from it. Kept on the server, so a colleague in another browser gets
// it too. A dry run keeps it as an import does: asking for the preview is confirming the mapping.

export interface RememberedMapping {
  source: Extract<ImportSource, "csv" | "uservoice">;
  kind: CsvKind;
  columns: string;
  fields: Record<string, unknown>;
  statuses: Record<string, string>;
}

export interface SavedMappingView {
  source: "csv" | "uservoice";
  kind: CsvKind;
  columns: string[];
  mapping: CsvMapping;
  importId: string;
  savedAt: string;
}

const hashOf = (columns: string) => createHash("sha256").update(columns).digest("hex");

/** The file's header as the import reads it; undefined when it does not read (the import says why). */
async function headerOf(ctx: Ctx, uploadId: string): Promise<string[] | undefined> {
  // Through the request's transaction when it has one (an Idempotency-Key's): SQLite has one connection.
  const file = await uploadedFile({ db: reader(ctx) as Db, blobs: ctx.services.blobs }, ctx.workspace.id, uploadId);
  if (!file) return undefined;
  let header: string[] | undefined;
  try {
    const records = csvRecords(file, { limit: Number.MAX_SAFE_INTEGER, counted: () => {}, checkHeader: (columns) => (header = columns) });
    // The header is read with the first record; the rest of the file is left unread.
    for await (const _ of records) break;
  } catch {
    return undefined;
  }
  return header;
}

/** What an import asked with, per uploaded file, to keep under that file's columns. */
export async function mappingsToRemember(
  ctx: Ctx,
  input: { source: RememberedMapping["source"]; files: Record<string, string>; mapping: CsvMapping | undefined },
): Promise<RememberedMapping[]> {
  if (!input.mapping) return [];
  const remembered: RememberedMapping[] = [];
  for (const [kind, uploadId] of Object.entries(input.files) as [CsvKind, string][]) {
    const fields = fieldsOf(input.mapping, kind) as Record<string, unknown>;
    const statuses = kind === "posts" ? (input.mapping.statuses ?? {}) : {};
    if (Object.keys(fields).length === 0 && Object.keys(statuses).length === 0) continue;
    const header = await headerOf(ctx, uploadId);
    if (header) remembered.push({ source: input.source, kind, columns: columnSetKey(header), fields, statuses });
  }
  return remembered;
}

/** Keeps each file's mapping as the workspace's last for its columns, in the import's transaction. */
export async function rememberMappings(tx: Tx, ctx: Pick<Ctx, "workspace">, importId: string, mappings: RememberedMapping[]): Promise<void> {
  const at = nowIso();
  for (const m of mappings) {
    const row = {
      workspace_id: ctx.workspace.id,
      source: m.source,
      kind: m.kind,
      columns_hash: hashOf(m.columns),
      columns: m.columns,
      fields: JSON.stringify(m.fields),
      statuses: JSON.stringify(m.statuses),
      import_id: importId,
      saved_at: at,
    };
    await tx
      .insertInto("import_mappings")
      .values(row)
      .onConflict((oc) =>
        oc
          .columns(["workspace_id", "source", "kind", "columns_hash"])
          .doUpdateSet({ fields: row.fields, statuses: row.statuses, import_id: importId, saved_at: at }),
      )
      .execute();
  }
}

/** `GET /imports/mappings`: the workspace's last mapping for a file of this kind with these columns, or null. */
export async function findImportMapping({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { source: "csv" | "uservoice"; kind: CsvKind; columns: string };
}): Promise<{ saved: SavedMappingView | null }> {
  requireScope(ctx.actor.scopes, "imports:read");
  const columns = columnSetKey(JSON.parse(input.columns) as string[]);
  const row = await reader(ctx)
    .selectFrom("import_mappings")
    .selectAll()
    .where("workspace_id", "=", ctx.workspace.id)
    .where("source", "=", input.source)
    .where("kind", "=", input.kind)
    .where("columns_hash", "=", hashOf(columns))
    .executeTakeFirst();
  if (!row) return { saved: null };
  // A status deleted since is left out: its name is matched or made again, as if never mapped.
  const mapped = Object.entries(JSON.parse(row.statuses) as Record<string, string>);
  const there = await statusesOfWorkspace(
    reader(ctx),
    ctx.workspace.id,
    mapped.map(([, id]) => id),
  );
  const statuses = Object.fromEntries(mapped.filter(([, id]) => there.has(id)));
  return {
    saved: {
      source: input.source,
      kind: input.kind,
      columns: JSON.parse(row.columns) as string[],
      mapping: { [input.kind]: JSON.parse(row.fields), ...(Object.keys(statuses).length > 0 ? { statuses } : {}) } as CsvMapping,
      importId: row.import_id,
      savedAt: row.saved_at,
    },
  };
}

/** Which of `ids` name a status of the workspace: a mapping may name only its own workspace's. */
export async function statusesOfWorkspace(db: Db | Tx, workspaceId: string, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db.selectFrom("statuses").select("id").where("workspace_id", "=", workspaceId).where("id", "in", ids).execute();
  return new Set(rows.map((s) => s.id));
}
