import { Readable } from "node:stream";
import { type BlobKey, BlobTooLarge, blobsOf } from "../../platform/blobs/index.js";
import type { Ctx, Services } from "../../platform/context.js";
import { HeedError } from "../../platform/errors.js";
import { isoAt, nowIso, nowMs } from "../../platform/lib/clock.js";
import { newId } from "../../platform/lib/ids.js";
import { requireScope } from "../../platform/scopes.js";
import type { CsvFile } from "./sources/csv/read.js";

// A CSV file sent for an import: its bytes stored as they arrive (platform/blobs), so no process
// holds a whole file and any instance can run the import. Nothing is checked here but the
// size (refused the moment it passes the limit): the import reads it, and reports what it finds.

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
  let bytes: number;
  try {
    ({ bytes } = await blobsOf(ctx.services).put(uploadKey(ctx.workspace.id, id), (input.body ?? []) as AsyncIterable<Uint8Array>, {
      contentType: "text/csv",
      limit: input.limit,
    }));
    await db.updateTable("import_uploads").set({ bytes, completed_at: nowIso() }).where("id", "=", id).execute();
  } catch (error) {
    await db.deleteFrom("import_uploads").where("id", "=", id).execute();
    if (error instanceof BlobTooLarge)
      throw new HeedError("payload_too_large", `The file is over ${input.limit} bytes (IMPORT_FILE_LIMIT_BYTES): nothing was kept.`);
    throw error;
  }
  return { id, name: input.name, bytes, createdAt: at, expiresAt };
}

/** A complete upload of the workspace, as a file an import reads: undefined when there is none. */
export async function uploadedFile(services: Pick<Services, "db" | "blobs">, workspaceId: string, uploadId: string): Promise<CsvFile | undefined> {
  const row = await services.db
    .selectFrom("import_uploads")
    .select(["id", "name", "bytes"])
    .where("workspace_id", "=", workspaceId)
    .where("id", "=", uploadId)
    .where("completed_at", "is not", null)
    .where("expires_at", ">", nowIso())
    .executeTakeFirst();
  if (!row) return undefined;
  const size = Number(row.bytes);
  // An empty file may have been kept with no blob at all: there is nothing to read.
  return { name: row.name, size, open: () => (size === 0 ? Readable.from([]) : blobsOf(services).read(uploadKey(workspaceId, uploadId))) };
}

/** Deletes uploads past their day (a job). */
export async function purgeExpiredUploads(services: Pick<Services, "db" | "blobs">): Promise<number> {
  await blobsOf(services).purgeOlderThan("import-uploads", isoAt(nowMs() - UPLOAD_LIFETIME_HOURS * 3_600_000));
  const result = await services.db.deleteFrom("import_uploads").where("expires_at", "<=", nowIso()).executeTakeFirst();
  return Number(result.numDeletedRows);
}

function uploadKey(workspaceId: string, uploadId: string): BlobKey {
  return { workspaceId, bucket: "import-uploads", id: uploadId };
}
