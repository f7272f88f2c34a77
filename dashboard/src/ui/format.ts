// Dates as people read them, in their own locale and time zone; "never" for what has not happened.

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });
const relative = new Intl.RelativeTimeFormat(undefined, { numeric: "auto" });

export function formatDateTime(iso: string | null | undefined, never = "never"): string {
  return iso ? dateTime.format(new Date(iso)) : never;
}

/** "3 minutes ago", "in 2 days": for last-used and expiry columns. */
export function formatRelative(iso: string | null | undefined, never = "never", now = Date.now()): string {
  if (!iso) return never;
  const seconds = Math.round((new Date(iso).getTime() - now) / 1000);
  const units: [Intl.RelativeTimeFormatUnit, number][] = [
    ["year", 31_536_000],
    ["month", 2_592_000],
    ["day", 86_400],
    ["hour", 3_600],
    ["minute", 60],
  ];
  for (const [unit, size] of units) if (Math.abs(seconds) >= size) return relative.format(Math.trunc(seconds / size), unit);
  return relative.format(seconds, "second");
}

/** The browser's time zone, shown beside any time a person types or reads. */
export const TIME_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;

const whole = new Intl.NumberFormat(undefined);
const compact = new Intl.NumberFormat(undefined, { notation: "compact", maximumFractionDigits: 1 });

/** A count for a narrow column: in full up to 9,999, then "12.3K"; put `votesLabel` in its title. */
export function compactCount(n: number): string {
  return n >= 10_000 ? compact.format(n) : whole.format(n);
}

/** "1 vote", "1,204 votes". */
export function votesLabel(n: number): string {
  return counted(n, "vote");
}

/** "1 follow", "3 follows", "1 portal session": a count and its noun, plural unless one. */
export function counted(n: number, noun: string, plural = `${noun}s`): string {
  return `${whole.format(n)} ${n === 1 ? noun : plural}`;
}
