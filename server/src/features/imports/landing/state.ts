import type { Db } from "../../../platform/db/database.js";
import type { ImportSource } from "../../../platform/db/schema.js";

// What an import needs to know of the workspace to decide each row without asking the database row
// by row: the source ids it imported before (a re-run skips them), the people, boards, statuses and
// tags that are there already (a row names them and is matched), and what this run has made so far.
// A workspace of 100,000 users and posts holds a few tens of megabytes here for the run's length.

/**
 * The kinds of `import_records`: the source's objects with ids of their own, and the boards,
 * statuses and tags a batch made for the names its rows gave (recorded by name, for the undo).
 */
export type RecordKind = "company" | "user" | "post" | "comment" | "changelog" | "board" | "status" | "tag";

const perKind = <T>(make: () => T): Record<RecordKind, T> => ({
  company: make(),
  user: make(),
  post: make(),
  comment: make(),
  changelog: make(),
  board: make(),
  status: make(),
  tag: make(),
});

export interface KnownUser {
  id: string;
  name: string | null;
  companyId: string | null;
}

export class LandingState {
  /** Source id → Heed id, per kind: what earlier batches made or matched, then this run's. */
  readonly refs = perKind(() => new Map<string, string>());
  /** Source ids this run has met, per kind: a second row with one is a duplicate, not a re-run. */
  readonly seen = perKind(() => new Set<string>());
  readonly companiesByExternalId = new Map<string, string>();
  readonly usersByExternalId = new Map<string, KnownUser>();
  readonly usersByEmail = new Map<string, KnownUser>();
  /** People this run made or matched: counted once however many rows name them. */
  readonly matchedUsers = new Set<string>();
  readonly membersByEmail = new Map<string, string>();
  readonly boards = new Map<string, string>();
  readonly boardSlugs = new Set<string>();
  readonly statuses = new Map<string, string>();
  /** The workspace's statuses' names by id: what a preview shows a mapped or matched status as. */
  readonly statusNames = new Map<string, string>();
  statusPosition = 0;
  /** Where the next board made goes: after the workspace's own. */
  boardPosition = 0;
  defaultStatusId = "";
  readonly tags = new Map<string, string>();
  /** Boards, statuses and tags this run made (or, in a dry run, would make), by id: their names. */
  readonly made = new Map<string, string>();
  /** The team's mapping of status names (lower-cased) to the workspace's statuses. */
  readonly statusMap = new Map<string, string>();
  /** Posts this run made: only these get followers and merges (earlier posts are the team's now). */
  readonly createdPosts = new Set<string>();
  /** Posts whose counters are recounted at the end. */
  readonly touchedPosts = new Set<string>();
  /** Small numbers for posts and users, so a (post, user) pair is one number in `votedPairs`. */
  private readonly postNumbers = new Map<string, number>();
  private readonly userNumbers = new Map<string, number>();
  /** Votes this run made or found, as post number · 2²² + user number (a million pairs in ~20 MB). */
  readonly votedPairs = new Set<number>();

  constructor(
    readonly workspaceId: string,
    readonly source: ImportSource,
  ) {}

  pairOf(postId: string, userId: string): number {
    const number = (map: Map<string, number>, id: string) => {
      const known = map.get(id);
      if (known !== undefined) return known;
      map.set(id, map.size);
      return map.size - 1;
    };
    return number(this.postNumbers, postId) * 4_194_304 + number(this.userNumbers, userId);
  }

  rememberUser(user: KnownUser & { externalId: string; email: string | null }): void {
    this.usersByExternalId.set(user.externalId, user);
    if (user.email) {
      const email = user.email.toLowerCase();
      if (!this.usersByEmail.has(email)) this.usersByEmail.set(email, user);
    }
  }

  static async load(db: Db, workspaceId: string, source: ImportSource, statusMap: Record<string, string> = {}): Promise<LandingState> {
    const state = new LandingState(workspaceId, source);
    const records = await db
      .selectFrom("import_records")
      .select(["kind", "external_id", "object_id"])
      .where("workspace_id", "=", workspaceId)
      .where("source", "=", source)
      .execute();
    for (const r of records) state.refs[r.kind as RecordKind]?.set(r.external_id, r.object_id);
    for (const c of await db.selectFrom("companies").select(["id", "external_id"]).where("workspace_id", "=", workspaceId).execute())
      state.companiesByExternalId.set(c.external_id, c.id);
    const users = await db
      .selectFrom("users")
      .select(["id", "external_id", "email", "name", "company_id"])
      .where("workspace_id", "=", workspaceId)
      .where("deleted_at", "is", null)
      .orderBy("created_at")
      .execute();
    for (const u of users) state.rememberUser({ id: u.id, externalId: u.external_id, email: u.email, name: u.name, companyId: u.company_id });
    for (const m of await db.selectFrom("members").select(["id", "email"]).where("workspace_id", "=", workspaceId).execute())
      state.membersByEmail.set(m.email.toLowerCase(), m.id);
    for (const b of await db
      .selectFrom("boards")
      .select(["id", "name", "slug", "position"])
      .where("workspace_id", "=", workspaceId)
      .orderBy("created_at")
      .execute()) {
      state.boardPosition = Math.max(state.boardPosition, Number(b.position) + 1);
      state.boardSlugs.add(b.slug);
      if (!state.boards.has(b.slug)) state.boards.set(b.slug, b.id);
      if (!state.boards.has(b.name.toLowerCase())) state.boards.set(b.name.toLowerCase(), b.id);
    }
    const statusIds = new Set<string>();
    for (const s of await db.selectFrom("statuses").select(["id", "name", "position", "is_default"]).where("workspace_id", "=", workspaceId).execute()) {
      statusIds.add(s.id);
      state.statusNames.set(s.id, s.name);
      state.statuses.set(s.name.toLowerCase(), s.id);
      state.statusPosition = Math.max(state.statusPosition, Number(s.position) + 1);
      if (Number(s.is_default) === 1) state.defaultStatusId = s.id;
    }
    // A status mapped to and deleted since is left out: the name is matched or made as if unmapped.
    for (const [name, id] of Object.entries(statusMap)) if (statusIds.has(id)) state.statusMap.set(name.trim().toLowerCase(), id);
    for (const t of await db.selectFrom("tags").select(["id", "name"]).where("workspace_id", "=", workspaceId).execute())
      state.tags.set(t.name.toLowerCase(), t.id);
    return state;
  }
}
