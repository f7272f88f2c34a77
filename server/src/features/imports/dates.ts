// Dates in a source, read under a format and never guessed. Each date column is read under one
// format: the one its mapping chose, or the one its values allow. A value is read as that format
// writes it and checked against the calendar (no 31 February, no thirteenth month); one that does
// not read is reported where it is, never replaced.

export const DATE_FORMATS = ["iso8601", "dayMonthYear", "monthDayYear", "unixSeconds", "unixMilliseconds"] as const;

export type DateFormat = (typeof DATE_FORMATS)[number];

/** What the formats are, for the API's reference. */
export const DATE_FORMAT_WORDS: Record<DateFormat, string> = {
  iso8601: "ISO 8601: `2024-05-01`, `2024-05-01T14:30:00Z`, `2024-05-01 14:30:00` (UTC unless the value names its offset)",
  dayMonthYear: "day/month/year: `01/05/2024` is 1 May, `13.05.2024 14:30` (`/`, `.` or `-` between; a four-digit year; UTC)",
  monthDayYear: "month/day/year: `05/01/2024` is 1 May, `5/1/2024 2:30 PM` (`/`, `.` or `-` between; a four-digit year; UTC)",
  unixSeconds: "seconds since 1970-01-01 UTC, 9 or 10 digits (`1714557600`), a fraction allowed",
  unixMilliseconds: "milliseconds since 1970-01-01 UTC, 11 to 13 digits (`1714557600000`)",
};

const ISO = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?)?\s*(Z|UTC|GMT|[+-]\d{2}(?::?\d{2})?)?$/i;
const NUMERIC = /^(\d{1,2})([/.-])(\d{1,2})\2(\d{4})(?:(?:[ T]|,\s*)(\d{1,2}):(\d{2})(?::(\d{2}))?\s*(AM|PM)?)?\s*(Z|UTC|GMT)?$/i;
const SECONDS = /^(\d{9,10})(?:\.(\d{1,9}))?$/;
const MILLISECONDS = /^\d{11,13}$/;
// Heed's own export writes every date this way: taken as it is (a million votes' worth of parsing saved).
const CANONICAL = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

const daysIn = (year: number, month: number) =>
  month === 2 ? (year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28) : month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;

/** The two digits at `i` as a number. */
const twoDigits = (text: string, i: number) => (text.charCodeAt(i) - 48) * 10 + text.charCodeAt(i + 1) - 48;

/** Whether each part of a calendar time is in its range: no 31 February, no thirteenth month, no 24:00. */
const inRange = (year: number, month: number, day: number, hour: number, minute: number, second: number) =>
  month >= 1 && month <= 12 && day >= 1 && day <= daysIn(year, month) && hour <= 23 && minute <= 59 && second <= 59;

/** A calendar time in UTC as Heed stores it, or undefined when a part is out of its range. */
function utc(year: number, month: number, day: number, hour = 0, minute = 0, second = 0, ms = 0, offsetMinutes = 0): string | undefined {
  if (!inRange(year, month, day, hour, minute, second)) return undefined;
  let at = Date.UTC(year, month - 1, day, hour, minute, second, ms);
  // Date.UTC takes a year below 100 as 19xx.
  if (year < 100) at = new Date(at).setUTCFullYear(year);
  return new Date(at - offsetMinutes * 60_000).toISOString();
}

const fraction = (digits: string | undefined) => (digits ? Number(digits.slice(0, 3).padEnd(3, "0")) : 0);

function iso(text: string): string | undefined {
  if (CANONICAL.test(text)) {
    const year = twoDigits(text, 0) * 100 + twoDigits(text, 2);
    return inRange(year, twoDigits(text, 5), twoDigits(text, 8), twoDigits(text, 11), twoDigits(text, 14), twoDigits(text, 17)) ? text : undefined;
  }
  const m = ISO.exec(text);
  if (!m) return undefined;
  const [, y, mo, d, h, mi, s, f, zone] = m;
  let offset = 0;
  if (zone && /^[+-]/.test(zone)) {
    const digits = zone.replace(":", "");
    const hours = Number(digits.slice(1, 3));
    const minutes = Number(digits.slice(3, 5) || "0");
    if (hours > 14 || minutes > 59) return undefined;
    offset = (zone.startsWith("-") ? -1 : 1) * (hours * 60 + minutes);
  }
  return utc(+y!, +mo!, +d!, Number(h ?? 0), Number(mi ?? 0), Number(s ?? 0), fraction(f), offset);
}

function numeric(text: string, dayFirst: boolean): string | undefined {
  const m = NUMERIC.exec(text);
  if (!m) return undefined;
  const [, a, , b, y, h, mi, s, meridiem] = m;
  let hour = Number(h ?? 0);
  if (meridiem) {
    if (hour < 1 || hour > 12) return undefined;
    hour = (hour % 12) + (meridiem.toUpperCase() === "PM" ? 12 : 0);
  }
  const [day, month] = dayFirst ? [+a!, +b!] : [+b!, +a!];
  return utc(+y!, month, day, hour, Number(mi ?? 0), Number(s ?? 0));
}

const READERS: Record<DateFormat, (text: string) => string | undefined> = {
  iso8601: iso,
  dayMonthYear: (text) => numeric(text, true),
  monthDayYear: (text) => numeric(text, false),
  unixSeconds: (text) => {
    const m = SECONDS.exec(text);
    return m ? new Date(Number(m[1]) * 1000 + fraction(m[2])).toISOString() : undefined;
  },
  unixMilliseconds: (text) => (MILLISECONDS.test(text) ? new Date(Number(text)).toISOString() : undefined),
};

/** The value read under `format` as Heed stores a time (`2024-05-01T00:00:00.000Z`), or undefined. */
export function readDate(value: string, format: DateFormat): string | undefined {
  return READERS[format](value.trim());
}

/** Every format that reads the value, with what each reads it as. */
export function readingsOf(value: string, formats: readonly DateFormat[] = DATE_FORMATS): Partial<Record<DateFormat, string>> {
  const readings: Partial<Record<DateFormat, string>> = {};
  for (const format of formats) {
    const at = readDate(value, format);
    if (at !== undefined) readings[format] = at;
  }
  return readings;
}

/** Where a value is: its file and row (the import's RowPlace). */
interface Place {
  file: string;
  row: number;
}

/** A value that does not read, as a problem of its row (one of the import's RowProblems). */
export interface DateProblem {
  field: string;
  code: "invalid_date" | "ambiguous_date";
  message: string;
  value: string;
  stops: string;
}

/** How a date column was read, for the report: what was chosen, what its values allow, examples. */
export interface DateColumnReport {
  format: DateFormat | null;
  fits: DateFormat[];
  read: DateFormat | null;
  examples: { row: number; value: string; readings: Partial<Record<DateFormat, string>> }[];
}

const EXAMPLES = 3;

/**
 * A value that does not read, as a problem of its row. It `stops` the import: a dry run lists every
 * such row, and the import refuses to run at the first, saying which it is.
 */
function unread(place: Place, field: string, value: string, code: "invalid_date" | "ambiguous_date", why: string, message: string): DateProblem {
  return {
    field,
    code,
    message,
    value,
    stops: `${place.file} row ${place.row}: ${field} "${value}" ${why}. Nothing was imported; a dry run lists every row whose date does not read.`,
  };
}

/** A value in a source that gives its dates in one known format (Canny's API: ISO 8601). */
export function dateIn(format: DateFormat, place: Place, field: string, value: string | undefined): { at?: string; problem?: DateProblem } {
  if (value === undefined || value.trim() === "") return {};
  const at = readDate(value, format);
  if (at !== undefined) return { at };
  return { problem: unread(place, field, value, "invalid_date", `is not a ${format} date`, `Not a ${format} date: the import does not run while it is here.`) };
}

/**
 * One date column. Its format is the one chosen, or else the one its values allow: `observe` is
 * given the column's values first (a read of the file that stops once only one format is left),
 * keeping the formats that read every value some format reads. A value no format reads does not
 * narrow them (it is reported as not a date), nor does one that only another format reads (it is
 * reported as not in the column's format). Two formats left (day/month/year and month/day/year)
 * that read a value differently make that value ambiguous: the column asks for its format.
 */
export class DateColumn {
  private candidates: DateFormat[] | undefined;
  private readonly first: DateColumnReport["examples"] = [];
  private readonly ambiguous: DateColumnReport["examples"] = [];

  constructor(readonly chosen?: DateFormat) {}

  observe(value: string): void {
    // One format left stays: a value it does not read is reported, and narrows nothing.
    if (this.candidates?.length === 1) return;
    const text = value.trim();
    if (text === "") return;
    const fits = (this.candidates ?? DATE_FORMATS).filter((format) => readDate(text, format) !== undefined);
    if (fits.length > 0) this.candidates = fits;
  }

  /** Whether more values can change nothing: a format is chosen, or only one is left. */
  get settled(): boolean {
    return this.chosen !== undefined || this.candidates?.length === 1;
  }

  /** The format values are read under: the chosen one, or the only one the values allow. */
  get format(): DateFormat | undefined {
    return this.chosen ?? (this.candidates?.length === 1 ? this.candidates[0] : undefined);
  }

  /** A row's value: its time, or the problem that keeps the import from running; nothing when empty. */
  read(place: Place, field: string, value: string | undefined): { at?: string; problem?: DateProblem } {
    const text = value?.trim() ?? "";
    if (text === "") return {};
    // With a format chosen the values were not looked at before: they are now, for the report.
    if (this.chosen) this.observe(text);
    const format = this.format;
    if (format !== undefined) {
      const at = readDate(text, format);
      if (at !== undefined) {
        if (this.first.length < EXAMPLES) this.first.push({ row: place.row, value: text, readings: { [format]: at } });
        return { at };
      }
    }
    const formats = format ? [format] : (this.candidates ?? []);
    const readings = readingsOf(text, formats);
    const times = new Set(Object.values(readings));
    if (this.first.length < EXAMPLES && times.size > 0) this.first.push({ row: place.row, value: text, readings });
    if (times.size === 1) return { at: [...times][0]! };
    if (times.size === 0) {
      const why = formats.length > 0 ? `is not a ${formats.join(" or ")} date` : "is not a date in any format Heed reads";
      const message =
        formats.length > 0
          ? "Not a date in the column's format: the import does not run while it is here."
          : "Not a date Heed reads: the import does not run while it is here.";
      return { problem: unread(place, field, text, "invalid_date", why, message) };
    }
    if (this.ambiguous.length < EXAMPLES) this.ambiguous.push({ row: place.row, value: text, readings });
    const ways = Object.entries(readings)
      .map(([f, at]) => `${at.slice(0, 10)} (${f})`)
      .join(" or ");
    return {
      problem: unread(
        place,
        field,
        text,
        "ambiguous_date",
        `reads as ${ways}: choose the column's date format`,
        "Reads as more than one date (day/month/year or month/day/year): the import does not run until the column's date format is chosen.",
      ),
    };
  }

  report(): DateColumnReport {
    const fits = this.candidates ?? [];
    // Formats that read every value alike are one reading: the column reads, whichever is named.
    const read = this.format ?? (fits.length > 0 && this.ambiguous.length === 0 ? fits[0]! : null);
    return { format: this.chosen ?? null, fits, read, examples: this.ambiguous.length > 0 ? this.ambiguous : this.first };
  }
}
