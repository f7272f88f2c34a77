import type { Readable } from "node:stream";
import type { Db } from "../db/database.js";

// Files the service keeps (an export's archive, a CSV sent for an import): put as a stream, read
// back as a stream, so no process holds a whole file, and any instance reads what another wrote.
// Callers see only this interface; where the bytes live is the backend's business (database.ts:
// chunks in the database). A backend on local disk or S3 implements the same five methods, keyed by
// `blobPath(key)`, and is chosen in `blobsOf` (index.ts).

/** What a blob is kept for: its folder, or its key prefix under the workspace. */
export type BlobBucket = "exports" | "import-uploads";

/** One blob: always inside one workspace, so a backend can keep (and remove) a workspace's files together. */
export interface BlobKey {
  workspaceId: string;
  bucket: BlobBucket;
  /** The id of the row that owns the blob (the export, the upload). */
  id: string;
}

export interface BlobStat {
  bytes: number;
  contentType: string;
}

export interface PutOptions {
  contentType: string;
  /** Past this many bytes the put is refused with `BlobTooLarge`, and nothing of it is kept. */
  limit?: number;
  /**
   * Run before each piece is stored, with the bytes stored once it lands; throwing stops the put.
   * The database backend runs it in the piece's transaction (a lease renewed there and the piece
   * land together or not at all); another backend runs it on `runner` = the database, then stores.
   */
  beside?: (runner: Db, stored: number) => Promise<void>;
}

export type BlobBody = Readable | AsyncIterable<Uint8Array> | Uint8Array;

export interface BlobStore {
  /** Stores the body under the key, replacing what it held; answers its size. */
  put(key: BlobKey, body: BlobBody, options: PutOptions): Promise<BlobStat>;
  /** The blob's bytes in order, read as they are consumed; the stream fails with `BlobMissing` when there is none. */
  read(key: BlobKey): Readable;
  stat(key: BlobKey): Promise<BlobStat | undefined>;
  /** Removes the blob; nothing happens when there is none. */
  delete(key: BlobKey): Promise<void>;
  /** Removes the bucket's blobs written before `beforeIso` (a job); answers how many. */
  purgeOlderThan(bucket: BlobBucket, beforeIso: string): Promise<number>;
}

/** The key as a path: a disk backend's file under its root, an S3 backend's object key. */
export function blobPath(key: BlobKey): string {
  return `${key.workspaceId}/${key.bucket}/${key.id}`;
}

/** A put past its limit. */
export class BlobTooLarge extends Error {
  constructor(readonly limit: number) {
    super(`The blob is over ${limit} bytes.`);
  }
}

/** A read of a blob that is not there. */
export class BlobMissing extends Error {
  constructor(key: BlobKey) {
    super(`No blob at ${blobPath(key)}.`);
  }
}
