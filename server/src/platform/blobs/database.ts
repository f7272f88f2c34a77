import { Readable } from "node:stream";
import { type Kysely, sql } from "kysely";
import type { Db } from "../db/database.js";
import { type BlobBody, type BlobBucket, type BlobKey, BlobMissing, type BlobStat, type BlobStore, BlobTooLarge, type PutOptions } from "./store.js";

// The database backend: a blob is its owner row's chunks, 1 MiB a row in order (seq 0, 1, 2…), in
// the bucket's chunk table. Written as the stream arrives and read back one chunk at a time, so
// neither side holds more than a chunk; any instance on the database serves it. The chunk rows go
// with their owner (a foreign key with cascade): the owner row must exist before its blob is put,
// and deleting it (an expiry, an erasure) deletes the blob in the same transaction.

/** Bytes per stored chunk. */
export const CHUNK_BYTES = 1024 * 1024;

/** Where a bucket's chunks are, the column naming their owner, and the owners' table. */
interface ChunkTable {
  chunks: string;
  ownerColumn: string;
  owners: string;
  /** The one type the table's blobs have: it has no column for one. */
  contentType: string;
}

const TABLES: Record<BlobBucket, ChunkTable> = {
  exports: { chunks: "export_chunks", ownerColumn: "export_id", owners: "exports", contentType: "application/zip" },
  "import-uploads": { chunks: "import_upload_chunks", ownerColumn: "upload_id", owners: "import_uploads", contentType: "text/csv" },
};

/** The chunk tables differ only in their names: one set of queries serves them all. */
type AnyTables = Kysely<Record<string, Record<string, unknown>>>;

function bytesOf(data: unknown): Buffer {
  const bytes = data as Uint8Array;
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

async function* piecesOf(body: BlobBody): AsyncGenerator<Uint8Array> {
  if (body instanceof Uint8Array) yield body;
  else for await (const piece of body) yield piece as Uint8Array;
}

export function databaseBlobs(db: Db): BlobStore {
  const any = db as unknown as AnyTables;

  /** The key's owner row, when it is in the key's workspace. */
  const ownerOf = (key: BlobKey) => {
    const table = TABLES[key.bucket];
    return any.selectFrom(table.owners).select("id").where("id", "=", key.id).where("workspace_id", "=", key.workspaceId).executeTakeFirst();
  };

  const remove = async (key: BlobKey) => {
    const table = TABLES[key.bucket];
    await any
      .deleteFrom(table.chunks)
      .where(table.ownerColumn, "=", key.id)
      .where(table.ownerColumn, "in", any.selectFrom(table.owners).select("id").where("id", "=", key.id).where("workspace_id", "=", key.workspaceId))
      .execute();
  };

  return {
    async put(key: BlobKey, body: BlobBody, options: PutOptions): Promise<BlobStat> {
      const table = TABLES[key.bucket];
      if (options.contentType !== table.contentType) throw new Error(`The ${key.bucket} bucket holds ${table.contentType}, not ${options.contentType}.`);
      if (!(await ownerOf(key))) throw new BlobMissing(key);
      await remove(key);
      let seq = 0;
      let stored = 0;
      let seen = 0;
      let pending: Uint8Array[] = [];
      let pendingBytes = 0;
      const flush = async () => {
        const data = Buffer.concat(pending, pendingBytes);
        pending = [];
        pendingBytes = 0;
        const insert = (runner: Db) =>
          (runner as unknown as AnyTables)
            .insertInto(table.chunks)
            .values({ [table.ownerColumn]: key.id, seq, data })
            .execute();
        const { beside } = options;
        if (beside)
          await db.transaction().execute(async (tx) => {
            await beside(tx, stored + data.length);
            await insert(tx);
          });
        else await insert(db);
        seq++;
        stored += data.length;
      };
      try {
        for await (const piece of piecesOf(body)) {
          seen += piece.byteLength;
          if (options.limit !== undefined && seen > options.limit) throw new BlobTooLarge(options.limit);
          pending.push(piece);
          pendingBytes += piece.byteLength;
          if (pendingBytes >= CHUNK_BYTES) await flush();
        }
        // An empty blob is one empty chunk: there, of no bytes.
        if (pendingBytes > 0 || seq === 0) await flush();
      } catch (error) {
        if (error instanceof BlobTooLarge) await remove(key);
        throw error;
      }
      return { bytes: stored, contentType: table.contentType };
    },

    read(key: BlobKey): Readable {
      const table = TABLES[key.bucket];
      async function* chunks(): AsyncGenerator<Buffer> {
        if (!(await ownerOf(key))) throw new BlobMissing(key);
        for (let seq = 0; ; seq++) {
          const chunk = await any.selectFrom(table.chunks).select("data").where(table.ownerColumn, "=", key.id).where("seq", "=", seq).executeTakeFirst();
          if (!chunk) {
            if (seq === 0) throw new BlobMissing(key);
            return;
          }
          const data = bytesOf(chunk.data);
          if (data.length > 0) yield data;
        }
      }
      // One chunk read ahead at most: a slow reader holds one chunk, not sixteen.
      return Readable.from(chunks(), { highWaterMark: 1 });
    },

    async stat(key: BlobKey): Promise<BlobStat | undefined> {
      const table = TABLES[key.bucket];
      if (!(await ownerOf(key))) return undefined;
      const sizes = await any
        .selectFrom(table.chunks)
        .select([sql<number | string>`count(*)`.as("chunks"), sql<number | string>`coalesce(sum(length(data)), 0)`.as("bytes")])
        .where(table.ownerColumn, "=", key.id)
        .executeTakeFirstOrThrow();
      if (Number(sizes.chunks) === 0) return undefined;
      return { bytes: Number(sizes.bytes), contentType: table.contentType };
    },

    delete: remove,

    async purgeOlderThan(bucket: BlobBucket, beforeIso: string): Promise<number> {
      const table = TABLES[bucket];
      // A blob is as old as its owner row.
      const old = any.selectFrom(table.owners).select("id").where("created_at", "<", beforeIso);
      const owners = await any.selectFrom(table.chunks).select(table.ownerColumn).distinct().where(table.ownerColumn, "in", old).execute();
      if (owners.length === 0) return 0;
      await any.deleteFrom(table.chunks).where(table.ownerColumn, "in", old).execute();
      return owners.length;
    },
  };
}
