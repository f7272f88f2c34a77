import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { TIMERS, type Background } from "../../../start/workers.js";
import { freshDatabase } from "../../../../test/support/database.js";
import { nowMs, shiftClock } from "../../lib/clock.js";
import { backupName, timeOfBackupName } from "../names.js";
import { heedMigrationsIn } from "../sqlite-file.js";

// BACKUP_DIR on SQLite: the background work's "scheduled backup" timer, its pass called directly
// with the clock moved, never waited for. PostgreSQL refuses BACKUP_DIR at start (config.ts), so
// only the SQLite project runs this (vitest.config.ts).

const HOUR_MS = 3_600_000;
const folder = mkdtempSync(join(tmpdir(), "heed-scheduled-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe("scheduled backups", () => {
  it("writes one every BACKUP_INTERVAL_HOURS, counted from the newest, and keeps the newest BACKUP_KEEP", async () => {
    const database = await freshDatabase();
    try {
      const dir = join(folder, "backups");
      const timer = TIMERS.find((entry) => entry.name === "scheduled backup")!;
      const background = {
        services: { db: database.db, dialect: database.dialect },
        config: { databaseUrl: database.url, backups: { dir, intervalHours: 6, keep: 3 } },
      } as unknown as Background;
      const pass = () => timer.pass(background)({ stopping: () => false, awaitOnStop: () => {} });
      const backups = () => readdirSync(dir).sort();
      // A pass, and the backup it wrote: named by the second it was made, somewhere within the pass.
      const passWriting = async (): Promise<string> => {
        const before = Math.floor(nowMs() / 1000) * 1000;
        const had = new Set(existsSync(dir) ? backups() : []);
        await pass();
        const made = backups().filter((name) => !had.has(name));
        expect(made).toHaveLength(1);
        expect(timeOfBackupName(made[0]!)).toBeGreaterThanOrEqual(before);
        expect(timeOfBackupName(made[0]!)).toBeLessThanOrEqual(nowMs());
        return made[0]!;
      };

      // The first pass finds none, and writes one.
      const first = await passWriting();
      expect(backups()).toEqual([first]);
      // Not due again until six hours after it: a restart meanwhile does not make another.
      shiftClock(5 * HOUR_MS);
      await pass();
      expect(backups()).toEqual([first]);

      // A copy cut short by a process that ended is cleared away.
      writeFileSync(join(dir, `.${backupName(nowMs())}.12345.partial`), "half");
      const made = [first];
      for (let i = 0; i < 4; i++) {
        shiftClock(HOUR_MS + 1000);
        made.push(await passWriting());
        shiftClock(5 * HOUR_MS);
      }
      expect(backups()).toEqual(made.slice(-3));
      for (const name of backups()) expect(await heedMigrationsIn(join(dir, name))).not.toHaveLength(0);
      expect(existsSync(join(dir, first))).toBe(false);
    } finally {
      await database.drop();
    }
  });
});
