import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { databaseBlobs } from "../database.js";
import { type BlobKey, BlobMissing, type BlobStore, BlobTooLarge } from "../index.js";
import { isoAt, nowIso, nowMs, shiftClock } from "../../lib/clock.js";
import { newId } from "../../lib/ids.js";
import { useHarness } from "../../../../test/support/harness.js";

// The contract every blob backend keeps (platform/blobs/store.ts), run against each of them: a new
// backend joins BACKENDS and passes the same tests. `own` makes what a key needs before its blob is
// put (the database backend: the owner row its chunks cascade from).

const h = useHarness();

interface Backend {
  name: string;
  store(): BlobStore;
  own(workspaceId: string): Promise<BlobKey>;
}

const BACKENDS: Backend[] = [
  {
    name: "database chunks",
    store: () => databaseBlobs(h.database.db),
    async own(workspaceId) {
      const id = newId("upload");
      const at = nowIso();
      await h.database.db
        .insertInto("import_uploads")
        .values({ id, workspace_id: workspaceId, name: "file.csv", completed_at: null, created_at: at, expires_at: isoAt(nowMs() + 3_600_000) })
        .execute();
      return { workspaceId, bucket: "import-uploads", id };
    },
  },
];

/** `total` bytes of a known pattern, in pieces of `piece` bytes. */
function patterned(total: number, piece = 64 * 1024): { bytes: Buffer; stream: Readable } {
  const bytes = Buffer.alloc(total);
  for (let i = 0; i < total; i++) bytes[i] = (i * 31 + (i >> 10)) & 0xff;
  const pieces: Buffer[] = [];
  for (let at = 0; at < total; at += piece) pieces.push(bytes.subarray(at, Math.min(total, at + piece)));
  return { bytes, stream: Readable.from(pieces) };
}

async function readAll(stream: Readable): Promise<Buffer> {
  const pieces: Buffer[] = [];
  for await (const piece of stream) pieces.push(piece as Buffer);
  return Buffer.concat(pieces);
}

describe.each(BACKENDS)("a blob store on $name", (backend) => {
  it("gives back a blob of several chunks as it was put, and states its size and type", async () => {
    const ws = await h.workspace();
    const store = backend.store();
    const key = await backend.own(ws.id);
    const { bytes, stream } = patterned(2.5 * 1024 * 1024 + 7);
    const stored: number[] = [];
    const put = await store.put(key, stream, { contentType: "text/csv", beside: async (_runner, bytesStored) => void stored.push(bytesStored) });
    expect(put).toEqual({ bytes: bytes.length, contentType: "text/csv" });
    // The check beside each piece sees the bytes stored once it lands, ending at the whole.
    expect(stored.length).toBeGreaterThan(1);
    expect(stored.at(-1)).toBe(bytes.length);
    expect(await store.stat(key)).toEqual({ bytes: bytes.length, contentType: "text/csv" });
    expect((await readAll(store.read(key))).equals(bytes)).toBe(true);

    // Put again: the new bytes replace the old.
    await store.put(key, Buffer.from("short"), { contentType: "text/csv" });
    expect((await readAll(store.read(key))).toString()).toBe("short");
    expect(await store.stat(key)).toEqual({ bytes: 5, contentType: "text/csv" });
  });

  it("keeps an empty blob, there and of no bytes", async () => {
    const ws = await h.workspace();
    const store = backend.store();
    const key = await backend.own(ws.id);
    await store.put(key, Readable.from([]), { contentType: "text/csv" });
    expect(await store.stat(key)).toEqual({ bytes: 0, contentType: "text/csv" });
    expect((await readAll(store.read(key))).length).toBe(0);
  });

  it("refuses a blob past its limit, keeping nothing of it", async () => {
    const ws = await h.workspace();
    const store = backend.store();
    const key = await backend.own(ws.id);
    const { stream } = patterned(3 * 1024 * 1024, 256 * 1024);
    await expect(store.put(key, stream, { contentType: "text/csv", limit: 2 * 1024 * 1024 })).rejects.toBeInstanceOf(BlobTooLarge);
    expect(await store.stat(key)).toBeUndefined();
    // Exactly the limit is taken.
    const exact = patterned(1000);
    expect((await store.put(key, exact.stream, { contentType: "text/csv", limit: 1000 })).bytes).toBe(1000);
  });

  it("stops a put when the check beside a piece throws", async () => {
    const ws = await h.workspace();
    const store = backend.store();
    const key = await backend.own(ws.id);
    const { stream } = patterned(3 * 1024 * 1024);
    let pieces = 0;
    const put = store.put(key, stream, {
      contentType: "text/csv",
      beside: async () => {
        if (++pieces === 2) throw new Error("lease lost");
      },
    });
    await expect(put).rejects.toThrow("lease lost");
    expect((await store.stat(key))?.bytes).toBe(1024 * 1024);
  });

  it("deletes a blob: it is not there to state or read, and deleting again is nothing", async () => {
    const ws = await h.workspace();
    const store = backend.store();
    const key = await backend.own(ws.id);
    await store.put(key, Buffer.from("a,b\n1,2\n"), { contentType: "text/csv" });
    await store.delete(key);
    expect(await store.stat(key)).toBeUndefined();
    await expect(readAll(store.read(key))).rejects.toBeInstanceOf(BlobMissing);
    await store.delete(key);
  });

  it("keeps each workspace's blobs to its keys", async () => {
    const [ws, other] = [await h.workspace(), await h.workspace()];
    const store = backend.store();
    const key = await backend.own(ws.id);
    await store.put(key, Buffer.from("mine"), { contentType: "text/csv" });
    const elsewhere = { ...key, workspaceId: other.id };
    expect(await store.stat(elsewhere)).toBeUndefined();
    await expect(readAll(store.read(elsewhere))).rejects.toBeInstanceOf(BlobMissing);
    await store.delete(elsewhere);
    expect(await store.stat(key)).toEqual({ bytes: 4, contentType: "text/csv" });
  });

  it("purges the blobs written before a time, and only those", async () => {
    const ws = await h.workspace();
    const store = backend.store();
    const old = await backend.own(ws.id);
    await store.put(old, Buffer.from("old"), { contentType: "text/csv" });
    shiftClock(2 * 3_600_000);
    const recent = await backend.own(ws.id);
    await store.put(recent, Buffer.from("recent"), { contentType: "text/csv" });
    // The earlier tests' blobs are as old: they go too.
    expect(await store.purgeOlderThan(old.bucket, isoAt(nowMs() - 3_600_000))).toBeGreaterThanOrEqual(1);
    expect(await store.stat(old)).toBeUndefined();
    expect(await store.stat(recent)).toEqual({ bytes: 6, contentType: "text/csv" });
    expect(await store.purgeOlderThan(old.bucket, isoAt(nowMs() - 3_600_000))).toBe(0);
  });
});
