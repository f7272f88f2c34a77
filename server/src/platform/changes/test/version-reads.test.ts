import { describe, expect, it } from "vitest";
import { bumpVersion, readVersion } from "../version.js";
import { useHarness } from "../../../../test/support/harness.js";

// Requests asking for a workspace's version at once share one read (platform/changes/version.ts);
// none may get a version older than a change committed before it asked.

const h = useHarness();

describe("reading a workspace's version", () => {
  it("never answers older than the last change committed before the call, while reads overlap", async () => {
    const ws = await h.workspace();
    const db = h.services.db;
    let committed = await readVersion(db, ws.id);
    const checks: Promise<{ floor: number; read: number }>[] = [];
    for (let i = 0; i < 300; i++) {
      const floor = committed;
      checks.push(readVersion(db, ws.id).then((read) => ({ floor, read })));
      // A change commits while reads are in flight: every read asked after it must see it.
      if (i % 3 === 0) {
        await bumpVersion(db, ws.id);
        committed++;
      }
    }
    for (const { floor, read } of await Promise.all(checks)) expect(read).toBeGreaterThanOrEqual(floor);
    expect(await readVersion(db, ws.id)).toBe(committed);
  });

  it("shares one read among callers that ask together, and a read started before them is not theirs", async () => {
    const ws = await h.workspace();
    const db = h.services.db;
    const first = readVersion(db, ws.id);
    // Asked after the first read began: all of them wait for one read of their own.
    const together = Array.from({ length: 50 }, () => readVersion(db, ws.id));
    expect(new Set(together).size).toBe(1);
    expect(together[0]).not.toBe(first);
    expect(new Set(await Promise.all([first, ...together])).size).toBe(1);
    // Another workspace's version is another read.
    const other = await h.workspace();
    const before = await readVersion(db, other.id);
    await bumpVersion(db, other.id);
    expect(await readVersion(db, other.id)).toBe(before + 1);
  });

  it("never sees a change a transaction still holds", async () => {
    const ws = await h.workspace();
    const db = h.services.db;
    const before = await readVersion(db, ws.id);
    await db.transaction().execute(async (tx) => {
      await bumpVersion(tx, ws.id);
      // SQLite: the one connection is the transaction's, so the read waits for it; PostgreSQL: another connection reads the committed version.
      const during = await Promise.race([readVersion(db, ws.id), new Promise((resolve) => setTimeout(() => resolve("waited"), 50))]);
      expect([before, "waited"]).toContain(during);
    });
    expect(await readVersion(db, ws.id)).toBe(before + 1);
  });
});
