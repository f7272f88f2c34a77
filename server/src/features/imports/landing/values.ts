import { isoAt } from "../../../platform/lib/clock.js";
import type { RowProblem } from "../model.js";

// Reading a source's values the way Heed's own forms would take them: text trimmed and cut to the
// API's limits, dates in the forms exports use, emails that at least look like one.

/** A date: ISO 8601, `2019-03-04 12:00:00` (UTC unless it says otherwise), or epoch seconds / milliseconds. */
const CANONICAL = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

export function dateOf(value: string | undefined): string | undefined {
  if (value === undefined || value.trim() === "") return undefined;
  // Heed's own export writes every date this way: taken as it is (a million votes' worth of parsing saved).
  if (CANONICAL.test(value) && !Number.isNaN(Date.parse(value))) return value;
  const text = value.trim();
  if (/^\d{9,13}$/.test(text)) {
    const n = Number(text);
    return isoAt(text.length > 10 ? n : n * 1000);
  }
  const normalised = text.replace(/^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)\s*(UTC|GMT|Z)?$/i, (_, d, t) => `${d}T${t}Z`);
  const ms = Date.parse(normalised);
  if (Number.isNaN(ms)) return undefined;
  return isoAt(ms);
}

/** A row's date, or the fallback with a problem saying the value was not one. */
export function dateOr(value: string | undefined, fallback: string, field: string, problems: RowProblem[]): string {
  if (value === undefined || value.trim() === "") return fallback;
  const at = dateOf(value);
  if (at !== undefined) return at;
  problems.push({
    field,
    code: "invalid_date",
    message: "Not a date Heed reads (ISO 8601, `YYYY-MM-DD HH:MM:SS` or epoch seconds): the import's time is used.",
    value,
  });
  return fallback;
}

/** Text cut to `max` characters, with a problem when it was longer. */
export function clipped(value: string, max: number, field: string, problems: RowProblem[]): string {
  const chars = [...value];
  if (chars.length <= max) return value;
  problems.push({ field, code: "too_long", message: `Longer than ${max} characters: cut to ${max}.`, value: value.slice(0, 40) });
  return chars.slice(0, max).join("");
}

export function looksLikeEmail(value: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value) && value.length <= 254;
}
