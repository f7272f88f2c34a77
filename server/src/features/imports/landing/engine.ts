import type { Db, Dialect } from "../../../platform/db/database.js";
import { nowIso } from "../../../platform/lib/clock.js";
import { IMPORT_KINDS, type ImportKind, type ImportSourceReader, type SourceRow } from "../model.js";
import { type ImportReport, ReportBuilder } from "../report.js";
import { landComment, landVotes, type PendingParent } from "./activity.js";
import { landChangelog } from "./changelog.js";
import type { Landing } from "./chunk.js";
import { linkParents, makeMerges, recountTouched } from "./finish.js";
import { landCompany, landUser } from "./people.js";
import { landPost, type PendingMerge } from "./posts.js";
import { LandingState } from "./state.js";
import { ChunkWrites } from "./writes.js";

// An import, from any source: each kind read in order, a chunk of rows at a time, each row decided
// (made, matched, or skipped with why) against what the workspace holds and what the run has made,
// then the chunk written in one short transaction; a dry run decides the same and writes nothing,
// so its report is the import's. Nothing here notifies anyone or sends a webhook: imported history
// is not news. The caller (run.ts) owns the batch: its progress, its audit rows, and on failure the
// undo of what was written.

// Rows per transaction. A commit writes every page its chunk dirtied, and votes land in indexes
// ordered by person and by time, whose pages a chunk touches all over: fewer, larger chunks write
// each page fewer times. 50,000 votes a chunk imports 1M votes faster than 25,000 and holds
// SQLite's write lock about a second at a time (docs/PERFORMANCE.md, "Exports and imports").
const CHUNK: Record<ImportKind, number> = { companies: 2_000, users: 2_000, posts: 2_000, votes: 50_000, comments: 2_000, changelog: 500 };

export interface ImportProgress {
  phase: ImportKind | "finishing";
  done: number;
  total: number;
}

export interface ImportOptions {
  importId: string;
  dryRun: boolean;
  /** The team's mapping of the source's status names to the workspace's statuses (ImportMapping `statuses`). */
  statuses?: Record<string, string>;
  /** Rows per kind to show as they land (a preview); 0 or absent for none. */
  preview?: number;
  /** After each chunk: where the import is. It may throw to stop it (a cancel, a lost lease). */
  onProgress: (progress: ImportProgress) => Promise<void>;
}

export async function importInto(
  services: { db: Db; dialect: Dialect },
  workspaceId: string,
  reader: ImportSourceReader,
  options: ImportOptions,
): Promise<ImportReport> {
  const { db, dialect } = services;
  const state = await LandingState.load(db, workspaceId, reader.source, options.statuses);
  const report = new ReportBuilder();
  const landing: Landing = {
    state,
    report,
    writes: new ChunkWrites(),
    importId: options.importId,
    dialect,
    at: nowIso(),
    dryRun: options.dryRun,
    preview: options.preview ?? 0,
  };
  const merges: PendingMerge[] = [];
  const parents: PendingParent[] = [];

  // The votes already cast among a chunk's pairs. A post this run made has none but the run's own
  // (which votedPairs holds), so only earlier posts are asked about: all of them in a re-run. Asked
  // by post alone and matched here: vote files come grouped by post, so that reads about a chunk's
  // worth of rows, where a (post IN …) × (user IN …) lookup probed every combination of the two.
  const votedAlready = async (pairs: { postId: string; userId: string }[]) => {
    const found = new Set<number>();
    const postIds = [...new Set(pairs.filter((p) => !state.createdPosts.has(p.postId)).map((p) => p.postId))];
    for (let i = 0; i < postIds.length; i += 500) {
      const group = postIds.slice(i, i + 500);
      const on = await db.selectFrom("votes").select(["post_id", "user_id"]).where("workspace_id", "=", workspaceId).where("post_id", "in", group).execute();
      for (const r of on) found.add(state.pairOf(r.post_id, r.user_id));
      // A vote a merge moved to the canonical post still counts as a vote on the post it came from.
      const moved = await db.selectFrom("votes").select(["origin_post_id", "user_id"]).where("origin_post_id", "in", group).execute();
      for (const r of moved) found.add(state.pairOf(r.origin_post_id!, r.user_id));
    }
    return found;
  };

  const land = async (kind: ImportKind, chunk: SourceRow<ImportKind>[]) => {
    landing.writes = new ChunkWrites();
    const rows = chunk.filter((row) => {
      if (row.data !== undefined) return true;
      // A row the source could not read at all: each of its problems says why.
      report.count(kind, "skipped");
      for (const problem of row.problems) report.problem(kind, row, problem, "skipped");
      return false;
    });
    if (kind === "votes") await landVotes(landing, rows as SourceRow<"votes">[], votedAlready);
    else {
      for (const row of rows) {
        if (kind === "companies") landCompany(landing, row as SourceRow<"companies">);
        else if (kind === "users") landUser(landing, row as SourceRow<"users">);
        else if (kind === "posts") landPost(landing, row as SourceRow<"posts">, merges);
        else if (kind === "comments") landComment(landing, row as SourceRow<"comments">, parents);
        else landChangelog(landing, row as SourceRow<"changelog">);
      }
    }
    if (!options.dryRun) await landing.writes.write(db, dialect);
    await options.onProgress({ phase: kind, ...reader.progress() });
  };

  for (const kind of IMPORT_KINDS) {
    let rows: SourceRow<ImportKind>[] = [];
    for await (const row of reader.rows(kind)) {
      rows.push(row);
      if (rows.length >= CHUNK[kind]) {
        await land(kind, rows);
        rows = [];
      }
    }
    if (rows.length > 0) await land(kind, rows);
  }

  await linkParents(landing, db, parents, options.dryRun);
  await makeMerges(landing, db, merges, options.dryRun);
  if (!options.dryRun) await recountTouched(landing, db, (done, total) => options.onProgress({ phase: "finishing", done, total }));
  report.report.dates = reader.dates?.() ?? [];
  return report.report;
}
