import type { RowProblem } from "../model.js";

// Reading a source's values the way Heed's own forms would take them: text trimmed and cut to the
// API's limits, emails that at least look like one. Dates come read by their source (dates.ts).

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
