import { Readable } from "node:stream";
import type { Ctx } from "../../platform/context.js";
import type { Db } from "../../platform/db/database.js";
import { HeedError } from "../../platform/errors.js";
import { isoAt, nowIso, nowMs } from "../../platform/lib/clock.js";
import { newId } from "../../platform/lib/ids.js";
import { requireScope } from "../../platform/scopes.js";
import type { CsvFile } from "./sources/csv/read.js";

// A CSV file sent for an import: its bytes stored as they arrive, a 1 MiB chunk per row, so no
// process holds a whole file and any instance can run the import. Nothing is checked here but the
// size (refused the moment it passes the limit): the import reads it, and reports what it finds.

const CHUNK_BYTES = 1024 * 1024;
/** How long an upload is kept for an import to use it. */
export const UPLOAD_LIFETIME_HOURS = 24;

export interface UploadView {
  id: string;
  name: string;
  bytes: number;
  createdAt: string;
  expiresAt: string;
}

/** `POST /imports/uploads`: the request's body, stored. 413 (and nothing kept) past `limit` bytes. */
export async function uploadImportFile({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { name: string; body: ReadableStream<Uint8Array> | null; limit: number };
}): Promise<UploadView> {
  requireScope(ctx.actor.scopes, "imports:write");
  const { db } = ctx.services;
  const id = newId("upload");
  const at = nowIso();
  const expiresAt = isoAt(nowMs() + UPLOAD_LIFETIME_HOURS * 3_600_000);
  await db
    .insertInto("import_uploads")
    .values({ id, workspace_id: ctx.workspace.id, name: input.name, completed_at: null, created_at: at, expires_at: expiresAt })
    .execute();
  let seq = 0;
  let bytes = 0;
  let pending: Uint8Array[] = [];
  let pendingBytes = 0;
  const flush = async () => {
    const data = Buffer.concat(pending, pendingBytes);
    pending = [];
    pendingBytes = 0;
    await db.insertInto("import_upload_chunks").values({ upload_id: id, seq: seq++, data }).execute();
  };
  try {
    if (input.body) {
      for await (const piece of input.body as unknown as AsyncIterable<Uint8Array>) {
        bytes += piece.byteLength;
        if (bytes > input.limit) throw new HeedError("payload_too_large", `The file is over ${input.limit} bytes (IMPORT_FILE_LIMIT_BYTES): nothing was kept.`);
        pending.push(piece);
        pendingBytes += piece.byteLength;
        if (pendingBytes >= CHUNK_BYTES) await flush();
      }
    }
    if (pendingBytes > 0) await flush();
    await db.updateTable("import_uploads").set({ bytes, completed_at: nowIso() }).where("id", "=", id).execute();
  } catch (error) {
    await db.deleteFrom("import_uploads").where("id", "=", id).execute();
    throw error;
  }
  return { id, name: input.name, bytes, createdAt: at, expiresAt };
}

/** A complete upload of the workspace, as a file an import reads: undefined when there is none. */
export async function uploadedFile(db: Db, workspaceId: string, uploadId: string): Promise<CsvFile | undefined> {
  const row = await db
    .selectFrom("import_uploads")
    .select(["id", "name", "bytes"])
    .where("workspace_id", "=", workspaceId)
    .where("id", "=", uploadId)
    .where("completed_at", "is not", null)
    .where("expires_at", ">", nowIso())
    .executeTakeFirst();
  if (!row) return undefined;
  async function* chunks() {
    for (let seq = 0; ; seq++) {
      const chunk = await db.selectFrom("import_upload_chunks").select("data").where("upload_id", "=", uploadId).where("seq", "=", seq).executeTakeFirst();
      if (!chunk) return;
      yield Buffer.from(chunk.data.buffer, chunk.data.byteOffset, chunk.data.byteLength);
    }
  }
  return { name: row.name, size: Number(row.bytes), open: () => Readable.from(chunks()) };
}

/** Deletes uploads past their day (a job). */
export async function purgeExpiredUploads(services: { db: Db }): Promise<number> {
  const result = await services.db.deleteFrom("import_uploads").where("expires_at", "<=", nowIso()).executeTakeFirst();
  return Number(result.numDeletedRows);
}
