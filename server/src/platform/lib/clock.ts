// The one clock. Timestamps are stored as ISO-8601 UTC text with milliseconds: the fixed width makes
// text order equal time order on SQLite and PostgreSQL alike.
let offsetMs = 0;

export function nowMs(): number {
  return Date.now() + offsetMs;
}

export function nowIso(): string {
  return new Date(nowMs()).toISOString();
}

export function isoAt(ms: number): string {
  return new Date(ms).toISOString();
}

/** Tests move time forward instead of sleeping. */
export function shiftClock(ms: number): void {
  offsetMs += ms;
}

/** Puts the clock back on the system's time: each test file starts on it, whatever the last one moved. */
export function resetClock(): void {
  offsetMs = 0;
}

/** A day in milliseconds (UTC days: no daylight saving). */
export const DAY_MS = 86_400_000;
