// A backup's file name carries the UTC time it was made, in ISO 8601's basic form (no colons, which
// some file systems refuse): `heed-20250102T030405Z.db`. Names sort as their times do.

const NAME = /^heed-(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z\.(db|dump)$/;

export function backupName(ms: number, extension: "db" | "dump" = "db"): string {
  const stamp = new Date(ms)
    .toISOString()
    .replace(/\.\d{3}Z$/, "Z")
    .replace(/[-:]/g, "");
  return `heed-${stamp}.${extension}`;
}

/** The time a backup's name carries; undefined for any other name. */
export function timeOfBackupName(name: string): number | undefined {
  const match = NAME.exec(name);
  if (!match) return undefined;
  const [, year, month, day, hour, minute, second] = match.map(Number);
  return Date.UTC(year!, month! - 1, day, hour, minute, second);
}
