import type { ImportKind, ReadDateColumn, RowPlace, RowProblem } from "./model.js";

// What an import did, or in a dry run would do: per kind, how many objects were created, updated
// (an object that was there, matched and filled in) and skipped; and every problem, grouped by kind
// and code with its count and the first few places it occurred, so a million bad rows make a report
// of a few lines, not a million.

export interface KindCounts {
  created: number;
  updated: number;
  skipped: number;
}

export interface ReportedProblem {
  kind: ImportKind;
  code: string;
  message: string;
  /**
   * Whether the row was left out (`skipped`), landed without the field (`kept`), or keeps the
   * import from running (`blocking`: a date that does not read; only a dry run gets to report it).
   */
  outcome: "skipped" | "kept" | "blocking";
  count: number;
  examples: (RowPlace & { field?: string; value?: string })[];
}

/** A board, status or tag the import makes, with how many of its posts carry it. */
export interface NamedCount {
  name: string;
  posts: number;
}

/** A status the posts name, and what it became: matched by name, mapped by the team, or made. */
export interface SourceStatus extends NamedCount {
  outcome: "matched" | "mapped" | "created";
  /** The workspace's status it became; null when it is made (a dry run makes none). */
  statusId: string | null;
}

export interface ImportReport {
  kinds: Record<ImportKind, KindCounts>;
  problems: ReportedProblem[];
  /** How each date column of the files was read: its format, chosen or found, with examples. */
  dates: ReadDateColumn[];
  /** The boards, statuses and tags the import makes (or would), by name, with their posts. */
  created: { boards: NamedCount[]; statuses: NamedCount[]; tags: NamedCount[] };
  /** Each status the posts name, in the order first met, and what it became. */
  statuses: SourceStatus[];
  /** The first rows of each kind as they land (or would land), when a preview was asked for. */
  preview?: Partial<Record<ImportKind, Record<string, unknown>[]>>;
}

const EXAMPLES = 5;
/** Names listed per kind in `created` and `statuses`: a source with thousands of tags says how many in `kinds`. */
export const NAMES_LISTED = 200;
const VALUE_CHARS = 80;

export function emptyReport(): ImportReport {
  const zero = () => ({ created: 0, updated: 0, skipped: 0 });
  return {
    kinds: { companies: zero(), users: zero(), posts: zero(), votes: zero(), comments: zero(), changelog: zero() },
    problems: [],
    dates: [],
    created: { boards: [], statuses: [], tags: [] },
    statuses: [],
  };
}

export class ReportBuilder {
  readonly report = emptyReport();
  private readonly byKey = new Map<string, ReportedProblem>();
  private readonly made = { boards: new Map<string, NamedCount>(), statuses: new Map<string, NamedCount>(), tags: new Map<string, NamedCount>() };
  private readonly sourceStatuses = new Map<string, SourceStatus>();

  /** A post lands with a board, status or tag this import makes (`id` is the one it is given). */
  madeFor(kind: keyof ImportReport["created"], id: string, name: string): void {
    const names = this.made[kind];
    const entry = names.get(id);
    if (entry) entry.posts++;
    else if (names.size < NAMES_LISTED) {
      const added = { name, posts: 1 };
      names.set(id, added);
      this.report.created[kind].push(added);
    }
  }

  /** A post names a status: counted under the name as first written. */
  statusNamed(name: string, outcome: SourceStatus["outcome"], statusId: string): void {
    const key = name.toLowerCase();
    const entry = this.sourceStatuses.get(key);
    if (entry) entry.posts++;
    else if (this.sourceStatuses.size < NAMES_LISTED) {
      const added: SourceStatus = { name, posts: 1, outcome, statusId: outcome === "created" ? null : statusId };
      this.sourceStatuses.set(key, added);
      this.report.statuses.push(added);
    }
  }

  count(kind: ImportKind, outcome: keyof KindCounts): void {
    this.report.kinds[kind][outcome]++;
  }

  /** A problem at a row: `skipped` when the row was left out (and counted as skipped), else `kept`. */
  problem(kind: ImportKind, place: RowPlace, problem: RowProblem, outcome: ReportedProblem["outcome"]): void {
    const key = `${kind}\u0000${problem.code}\u0000${outcome}`;
    let entry = this.byKey.get(key);
    if (!entry) {
      entry = { kind, code: problem.code, message: problem.message, outcome, count: 0, examples: [] };
      this.byKey.set(key, entry);
      this.report.problems.push(entry);
    }
    entry.count++;
    if (entry.examples.length < EXAMPLES) {
      const value = problem.value === undefined ? undefined : problem.value.length > VALUE_CHARS ? `${problem.value.slice(0, VALUE_CHARS)}…` : problem.value;
      // The place only: a landing passes the source's row as its place, and its data is no example.
      entry.examples.push({ file: place.file, row: place.row, ...(problem.field ? { field: problem.field } : {}), ...(value === undefined ? {} : { value }) });
    }
  }

  /** A row left out: counted as skipped, with why. */
  skip(kind: ImportKind, place: RowPlace, problem: RowProblem): void {
    this.count(kind, "skipped");
    this.problem(kind, place, problem, "skipped");
  }
}
