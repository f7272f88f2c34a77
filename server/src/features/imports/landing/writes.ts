import type { Insertable } from "kysely";
import type { Db, Dialect } from "../../../platform/db/database.js";
import { insertAll } from "../../../platform/db/insert-all.js";
import type { Database } from "../../../platform/db/schema.js";
import { indexPosts, type IndexedPost } from "../../../platform/search/document.js";
import { nowIso } from "../../../platform/lib/clock.js";

// What one chunk of rows adds, gathered while the rows are decided and written together in one
// short transaction (a few thousand rows: the SQLite write lock is held for milliseconds, and
// the API's writers go on between chunks). A dry run decides the same rows and writes nothing.

type Rows<T extends keyof Database> = Insertable<Database[T]>[];

export class ChunkWrites {
  readonly companies: Rows<"companies"> = [];
  readonly users: Rows<"users"> = [];
  /** Matched people: only fields that were empty are filled. */
  readonly userFills: { id: string; name?: string; company_id?: string }[] = [];
  readonly boards: Rows<"boards"> = [];
  readonly statuses: Rows<"statuses"> = [];
  readonly tags: Rows<"tags"> = [];
  readonly posts: Rows<"posts"> = [];
  readonly postTags: Rows<"post_tags"> = [];
  readonly searchDocuments: IndexedPost[] = [];
  readonly votes: Rows<"votes"> = [];
  readonly comments: Rows<"comments"> = [];
  readonly followers: Rows<"post_followers"> = [];
  readonly changelog: Rows<"changelog_entries"> = [];
  readonly changelogPosts: Rows<"changelog_entry_posts"> = [];
  readonly records: Rows<"import_records"> = [];

  async write(db: Db, dialect: Dialect): Promise<void> {
    await db.transaction().execute(async (tx) => {
      await insertAll(tx, "companies", this.companies);
      await insertAll(tx, "users", this.users);
      for (const fill of this.userFills) {
        const { id, ...set } = fill;
        await tx.updateTable("users").set(set).where("id", "=", id).execute();
      }
      await insertAll(tx, "boards", this.boards);
      await insertAll(tx, "statuses", this.statuses);
      await insertAll(tx, "tags", this.tags);
      await insertAll(tx, "posts", this.posts);
      // Compared with the workspace's earlier posts in the background, as a post written through
      // the API is (posts/duplicates): duplicates in what a team brings are found too.
      const queuedAt = nowIso();
      await insertAll(
        tx,
        "duplicate_checks",
        this.posts.filter((post) => !post.deleted_at).map((post) => ({ post_id: post.id, workspace_id: post.workspace_id, queued_at: queuedAt })),
        { ignoreConflicts: true },
      );
      await insertAll(tx, "post_tags", this.postTags);
      await indexPosts(tx, dialect, this.searchDocuments);
      // A vote the API cast between this chunk's check and its write is kept, not doubled.
      await insertAll(tx, "votes", this.votes, { ignoreConflicts: true });
      await insertAll(tx, "comments", this.comments);
      await insertAll(tx, "post_followers", this.followers, { ignoreConflicts: true });
      await insertAll(tx, "changelog_entries", this.changelog);
      await insertAll(tx, "changelog_entry_posts", this.changelogPosts, { ignoreConflicts: true });
      // A board the team deleted and a later batch made again keeps the first batch's record.
      await insertAll(tx, "import_records", this.records, { ignoreConflicts: true });
    });
  }
}
