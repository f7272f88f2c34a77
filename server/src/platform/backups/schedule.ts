import { mkdirSync, readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { nowMs } from "../lib/clock.js";
import { backupName, timeOfBackupName } from "./names.js";
import { backupSqlite, type Written } from "./sqlite.js";
import { isPartialName, removeWithCompanions } from "./whole-file.js";

// Scheduled backups on SQLite (BACKUP_DIR): a timer of the background work (start/workers.ts) runs
// this pass often, and it writes a backup when the newest one in the folder is BACKUP_INTERVAL_HOURS
// old. Reading the age from the folder, not from when the process started, keeps the schedule
// across restarts: a server deployed every few hours still backs up once a day.

export interface BackupSchedule {
  dir: string;
  intervalHours: number;
  /** How many backups the folder keeps, the newest. */
  keep: number;
}

export interface ScheduledPass {
  written: Written | null;
  /** The backups removed, past the newest `keep`. */
  removed: string[];
}

const HOUR_MS = 3_600_000;

export async function scheduledBackupPass(databaseFile: string, schedule: BackupSchedule, now = nowMs()): Promise<ScheduledPass> {
  mkdirSync(schedule.dir, { recursive: true });
  const names = readdirSync(schedule.dir);
  // A copy cut short by a process that ended: this pass is the only writer of the folder (one
  // background thread per server, and on SQLite one server per database).
  for (const name of names.filter(isPartialName)) removeWithCompanions(join(schedule.dir, name));
  const backups = names.filter((name) => name.endsWith(".db") && timeOfBackupName(name) !== undefined).sort();
  const newest = backups.length > 0 ? timeOfBackupName(backups.at(-1)!)! : undefined;
  // A newest backup from the future (the clock was set back) does not hold the schedule off.
  const due = newest === undefined || newest > now || now - newest >= schedule.intervalHours * HOUR_MS;
  let written: Written | null = null;
  if (due && !backups.includes(backupName(now))) {
    written = await backupSqlite(databaseFile, join(schedule.dir, backupName(now)));
    backups.push(backupName(now));
    backups.sort();
  }
  const removed = backups.slice(0, Math.max(0, backups.length - schedule.keep));
  for (const name of removed) rmSync(join(schedule.dir, name), { force: true });
  return { written, removed };
}
