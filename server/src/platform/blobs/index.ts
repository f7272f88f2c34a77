import type { Services } from "../context.js";
import { databaseBlobs } from "./database.js";
import type { BlobStore } from "./store.js";

export { type BlobKey, type BlobStat, type BlobStore, BlobMissing, BlobTooLarge } from "./store.js";

/** Where the service keeps its files: the configured backend, else the database's chunks. */
export function blobsOf(services: Pick<Services, "db" | "blobs">): BlobStore {
  return services.blobs ?? databaseBlobs(services.db);
}
