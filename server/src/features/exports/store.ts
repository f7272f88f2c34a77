import type { Readable } from "node:stream";
import type { Db } from "../../platform/db/database.js";

// The archive kept in the database, a chunk per row: written as the zip is made, read back in
// order for a download, so neither side holds more than a chunk.

/** Bytes per stored chunk. */
export const CHUNK_BYTES = 1024 * 1024;

/** Stores one chunk, with whatever the caller runs beside it (the lease's renewal, in one transaction). */
export type StoreChunk = (runner: Pick<Db, "insertInto">) => Promise<unknown>;

/**
 * Stores the stream's bytes as the export's chunks 0, 1, 2…: for each, `write` is handed the
 * insert and the size stored once it lands (so it can renew the lease and count progress beside
 * it). Answers the size. Waiting on each write is the zip's backpressure.
 */
export async function storeChunks(exportId: string, bytes: Readable, write: (store: StoreChunk, stored: number) => Promise<void>): Promise<number> {
  let seq = 0;
  let stored = 0;
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  const flush = async () => {
    const data = Buffer.concat(pending, pendingBytes);
    pending = [];
    pendingBytes = 0;
    const at = seq;
    await write((runner) => runner.insertInto("export_chunks").values({ export_id: exportId, seq: at, data }).execute(), stored + data.length);
    seq++;
    stored += data.length;
  };
  for await (const piece of bytes) {
    pending.push(piece as Buffer);
    pendingBytes += (piece as Buffer).length;
    if (pendingBytes >= CHUNK_BYTES) await flush();
  }
  if (pendingBytes > 0 || seq === 0) await flush();
  return stored;
}

/** The export's chunks in order, one read at a time. */
export async function* storedChunks(db: Db, exportId: string): AsyncGenerator<Uint8Array> {
  for (let seq = 0; ; seq++) {
    const chunk = await db.selectFrom("export_chunks").select("data").where("export_id", "=", exportId).where("seq", "=", seq).executeTakeFirst();
    if (!chunk) return;
    yield new Uint8Array(chunk.data.buffer, chunk.data.byteOffset, chunk.data.byteLength);
  }
}

/** The chunks as a web stream for a response: each read as the client takes the last (a slow client holds one chunk). */
export function streamOf(chunks: AsyncGenerator<Uint8Array>): ReadableStream<Uint8Array> {
  return new ReadableStream({
    async pull(controller) {
      const next = await chunks.next();
      if (next.done) controller.close();
      else controller.enqueue(next.value);
    },
    async cancel() {
      await chunks.return(undefined);
    },
  });
}
