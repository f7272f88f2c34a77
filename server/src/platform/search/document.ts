import { type Kysely, sql } from "kysely";
import type { Dialect } from "../db/database.js";
import type { Database } from "../db/schema.js";
import { searchableText, vocabularyWords } from "./text.js";
import { addToVocabulary } from "./vocabulary.js";

// Writes a post's title and body into the full-text index, in the transaction that wrote the post,
// so a search never sees a post's old words beside its new ones. The title weighs more than the
// body when ranked: PostgreSQL marks its words with weight A (the body B); SQLite keeps the two as
// separate FTS5 columns, which bm25 weighs. Deleted and merged posts keep their entry (a restore
// needs it back) and are left out by the lists' own conditions.

export interface IndexedPost {
  id: string;
  workspaceId: string;
  title: string;
  body: string;
}

/** Indexes (or re-indexes) posts, in batches that stay under both databases' parameter limits. */
export async function indexPosts(db: Kysely<Database>, dialect: Dialect, posts: IndexedPost[]): Promise<void> {
  for (let i = 0; i < posts.length; i += 500) {
    const batch = posts.slice(i, i + 500).map((p) => ({ ...p, titleText: searchableText(p.title), bodyText: searchableText(p.body) }));
    if (dialect === "postgres") {
      const rows = batch.map(
        (p) =>
          sql`(${p.id}, ${p.workspaceId}, setweight(to_tsvector('english', ${p.titleText}), 'A') || setweight(to_tsvector('english', ${p.bodyText}), 'B'))`,
      );
      await sql`
        insert into post_search (post_id, workspace_id, document) values ${sql.join(rows)}
        on conflict (post_id) do update set document = excluded.document`.execute(db);
    } else {
      const ids = batch.map((p) => p.id);
      const existing = await sql<{ id: number; post_id: string }>`select id, post_id from post_search where post_id in (${sql.join(ids)})`.execute(db);
      const rowids = new Map(existing.rows.map((r) => [r.post_id, r.id]));
      if (existing.rows.length > 0) await sql`delete from post_search_text where rowid in (${sql.join(existing.rows.map((r) => r.id))})`.execute(db);
      const fresh = batch.filter((p) => !rowids.has(p.id));
      if (fresh.length > 0) {
        const inserted = await sql<{ id: number; post_id: string }>`
          insert into post_search (post_id, workspace_id) values ${sql.join(fresh.map((p) => sql`(${p.id}, ${p.workspaceId})`))}
          returning id, post_id`.execute(db);
        for (const r of inserted.rows) rowids.set(r.post_id, r.id);
      }
      await sql`insert into post_search_text (rowid, title, body) values ${sql.join(batch.map((p) => sql`(${rowids.get(p.id)!}, ${p.titleText}, ${p.bodyText})`))}`.execute(
        db,
      );
    }
    const wordsByWorkspace = new Map<string, Set<string>>();
    for (const p of batch) {
      const words = wordsByWorkspace.get(p.workspaceId) ?? new Set<string>();
      for (const w of vocabularyWords(p.title, p.body)) words.add(w);
      wordsByWorkspace.set(p.workspaceId, words);
    }
    for (const [workspaceId, words] of wordsByWorkspace) await addToVocabulary(db, dialect, workspaceId, [...words]);
  }
}

export function indexPost(db: Kysely<Database>, dialect: Dialect, post: IndexedPost): Promise<void> {
  return indexPosts(db, dialect, [post]);
}
