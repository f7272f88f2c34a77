// What every source (Canny's API, a UserVoice export, a mapped CSV) is read into before it lands:
// Heed's objects with the source's own ids (`ref`) for what refers to what. A source yields these
// in the order they depend on each other (companies, users, posts, votes, comments), one kind at a
// time, each row with where it came from so a problem is reported at its file, row and field.

import type { ImportSource } from "../../platform/db/schema.js";
import type { DateColumnReport } from "./dates.js";

export type { ImportSource };

export interface ImportedCompany {
  ref: string;
  name: string;
  monthlySpend?: number;
  createdAt?: string;
}

export interface ImportedUser {
  ref: string;
  /** The customer's own id for the person (what identify sends), when the source knows it. */
  externalId?: string;
  email?: string;
  name?: string;
  companyRef?: string;
  createdAt?: string;
}

export interface ImportedPost {
  ref: string;
  /** The board's name or slug: found, or made. */
  board: string;
  title: string;
  body: string;
  /** The status's name: found (any case), or made. Absent: the workspace's default. */
  status?: string;
  tags: string[];
  /** An imported user, or a person found by email when the source names no user. */
  authorRef?: string;
  authorEmail?: string;
  /** The author as the source describes them on the post (Canny's): made if new. */
  author?: Omit<ImportedUser, "ref">;
  /** Whether a board the post's board name makes is private (Canny's private boards). */
  boardPrivate?: boolean;
  createdAt?: string;
  /** The post this one was merged into in the source: merged in Heed too, its votes pooled. */
  mergedIntoRef?: string;
}

export interface ImportedVote {
  postRef: string;
  userRef?: string;
  /** A voter the source describes on the vote itself (UserVoice's voters export): made if new. */
  user?: Omit<ImportedUser, "ref"> & { ref?: string };
  createdAt?: string;
}

export interface ImportedComment {
  ref: string;
  postRef: string;
  parentRef?: string;
  authorRef?: string;
  /** The author as the source describes them on the comment (Canny's): made if new. */
  author?: Omit<ImportedUser, "ref">;
  body: string;
  internal: boolean;
  createdAt?: string;
}

/** A changelog entry (Canny's): published, scheduled or a draft, with the posts it announced. */
export interface ImportedChangelog {
  ref: string;
  title: string;
  body: string;
  type?: string;
  state: "draft" | "scheduled" | "published";
  publishedAt?: string;
  scheduledFor?: string;
  postRefs: string[];
  createdAt?: string;
}

export interface ImportedKinds {
  companies: ImportedCompany;
  users: ImportedUser;
  posts: ImportedPost;
  votes: ImportedVote;
  comments: ImportedComment;
  changelog: ImportedChangelog;
}

export type ImportKind = keyof ImportedKinds;

/** The kinds a CSV file may hold (changelog entries come from Canny only). */
export type CsvKind = Exclude<ImportKind, "changelog">;

/** The order kinds are read and written in: each refers only to kinds before it. */
export const IMPORT_KINDS: ImportKind[] = ["companies", "users", "posts", "votes", "comments", "changelog"];

/** Where a row came from: a file and its line, or an API resource and its place in the list. */
export interface RowPlace {
  file: string;
  row: number;
}

/** One row of a source: the object, or why it could not be read (a field that is not a date, …). */
export type SourceRow<K extends ImportKind> = RowPlace & ({ data: ImportedKinds[K]; problems?: RowProblem[] } | { data?: undefined; problems: RowProblem[] });

export interface RowProblem {
  field?: string;
  /** A stable code (`missing_title`, `post_not_found`, …): what the report groups by. */
  code: string;
  message: string;
  value?: string;
  /**
   * Set on a problem the import does not run with (a date that does not read): what the refusal
   * says. A dry run reports it (outcome `blocking`); the import stops at the first, keeping nothing.
   */
  stops?: string;
}

/** Progress through a source: how much of it has been read, in its own unit (bytes, pages). */
export interface SourceProgress {
  done: number;
  total: number;
}

/** How a file's date column was read (a CSV source's): the report's `dates`. */
export interface ReadDateColumn extends DateColumnReport {
  kind: ImportKind;
  field: string;
  file: string;
  column: string;
}

export interface ImportSourceReader {
  source: ImportSource;
  /** The rows of one kind; the engine reads each kind once, in IMPORT_KINDS order. */
  rows<K extends ImportKind>(kind: K): AsyncIterable<SourceRow<K>>;
  progress(): SourceProgress;
  /** Once every row is read: how each date column of the files was read (none for an API). */
  dates?(): ReadDateColumn[];
}

/** A source that cannot be read at all (not UTF-8, too large, a header missing): nothing is imported. */
export class UnreadableSource extends Error {
  constructor(
    message: string,
    readonly place?: Partial<RowPlace>,
  ) {
    super(message);
  }
}
