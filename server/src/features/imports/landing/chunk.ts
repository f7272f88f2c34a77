import type { Dialect } from "../../../platform/db/database.js";
import { type ImportKind, type RowPlace, type RowProblem, UnreadableSource } from "../model.js";
import type { ReportBuilder } from "../report.js";
import type { LandingState, RecordKind } from "./state.js";
import type { ChunkWrites } from "./writes.js";

/** What deciding a chunk's rows works with: the run's state and report, and the chunk's writes. */
export interface Landing {
  state: LandingState;
  report: ReportBuilder;
  writes: ChunkWrites;
  importId: string;
  dialect: Dialect;
  /** The import's own time: what a row without a date is given. */
  at: string;
  /** A dry run reports a problem that stops the import; the import stops at it. */
  dryRun: boolean;
  /** Rows to keep per kind for the report's preview (0: none). */
  preview: number;
}

/**
 * Reports a row's problems that did not keep it out (a field cut, a person not found). One that
 * stops the import (a date that does not read) stops it here, or in a dry run is reported as such.
 */
export function reportKept(landing: Landing, kind: ImportKind, place: RowPlace, problems: RowProblem[]): void {
  for (const problem of problems) {
    if (problem.stops !== undefined && !landing.dryRun) throw new UnreadableSource(problem.stops, place);
    landing.report.problem(kind, place, problem, problem.stops === undefined ? "kept" : "blocking");
  }
}

/** A row's date as its preview shows it: none for a date that did not read (it lands in no import). */
export function shownAt(at: string, problems: RowProblem[]): string | null {
  return problems.some((p) => p.stops !== undefined && p.field === "createdAt") ? null : at;
}

/**
 * Whether a row's source id is new to this workspace: an id imported before is skipped (a re-run
 * changes nothing), and one met earlier in this run is a duplicate in the source.
 */
export function isNew(landing: Landing, kind: ImportKind, recordKind: RecordKind, ref: string, place: RowPlace): boolean {
  const { state, report } = landing;
  if (state.seen[recordKind].has(ref)) {
    report.skip(kind, place, { field: "id", code: "duplicate_id", message: "The source has this id twice: the first row was taken.", value: ref });
    return false;
  }
  state.seen[recordKind].add(ref);
  if (state.refs[recordKind].has(ref)) {
    report.skip(kind, place, { field: "id", code: "already_imported", message: "Imported before: left as it is.", value: ref });
    return false;
  }
  return true;
}

/** Remembers that `ref` is `objectId` now, made by this batch (`created`) or matched. */
export function record(landing: Landing, kind: RecordKind, ref: string, objectId: string, created: boolean): void {
  landing.state.refs[kind].set(ref, objectId);
  landing.writes.records.push({
    workspace_id: landing.state.workspaceId,
    source: landing.state.source,
    kind,
    external_id: ref,
    object_id: objectId,
    import_id: landing.importId,
    created: created ? 1 : 0,
  });
}

/** Keeps a landed row for the preview, while fewer than asked for are kept. */
export function previewed(landing: Landing, kind: ImportKind, row: Record<string, unknown>): void {
  if (landing.preview === 0) return;
  landing.report.report.preview ??= {};
  const preview = landing.report.report.preview;
  preview[kind] ??= [];
  if (preview[kind].length < landing.preview) preview[kind].push(row);
}
