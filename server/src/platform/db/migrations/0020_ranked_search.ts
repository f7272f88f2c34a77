import { type Kysely, sql } from "kysely";
import { dialectOf } from "../database.js";
import type { Database } from "../schema.js";
import { indexPosts } from "../../search/document.js";
import { findTrigramSchema } from "../../search/vocabulary.js";

// Search that ranks replaces the hand-made `post_terms` index (every word of a query had to be in
// the post). Each database's own full-text engine now holds the posts (platform/search):
// PostgreSQL a weighted tsvector per post under a GIN index, and pg_trgm for typos; SQLite an FTS5
// table with the porter tokenizer beside a row per post that gives it an integer rowid. Both keep
// a vocabulary of the words posts use, for typo tolerance. Every existing post is indexed here.

export async function up(untyped: Kysely<unknown>): Promise<void> {
  const db = untyped as Kysely<Database>;
  const dialect = dialectOf(db);
  const postgres = dialect === "postgres";
  await db.schema.dropTable("post_terms").execute();
  await db.schema
    .createTable("search_words")
    .addColumn("workspace_id", "text", (c) => c.notNull())
    .addColumn("word", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("search_words_pk", ["workspace_id", "word"])
    .execute();

  if (postgres) {
    // pg_trgm is a trusted extension (PostgreSQL 13+): a role that may create objects in the
    // database may install it. Where it is already installed (in any schema), that copy is used.
    if (!(await findTrigramSchema(db))) await sql`create extension if not exists pg_trgm`.execute(db);
    const trgm = sql.id((await findTrigramSchema(db))!);
    await sql`create table post_search (
      post_id text primary key references posts (id) on delete cascade,
      workspace_id text not null,
      document tsvector not null
    )`.execute(db);
    await sql`create index post_search_document on post_search using gin (document)`.execute(db);
    await sql`create index search_words_trigrams on search_words using gin (word ${trgm}.gin_trgm_ops)`.execute(db);
  } else {
    await sql`create table post_search (
      id integer primary key,
      post_id text not null unique references posts (id) on delete cascade,
      workspace_id text not null
    )`.execute(db);
    // Contentless: the posts table holds the text; this holds only the index (and can delete from it).
    await sql`create virtual table post_search_text using fts5(
      title, body, content = '', contentless_delete = 1, tokenize = 'porter unicode61 remove_diacritics 2'
    )`.execute(db);
    await sql`create table search_word_trigrams (
      workspace_id text not null, trigram text not null, word text not null,
      primary key (workspace_id, trigram, word)
    ) without rowid`.execute(db);
  }

  let after = "";
  for (;;) {
    const posts = await db.selectFrom("posts").select(["id", "workspace_id", "title", "body"]).where("id", ">", after).orderBy("id").limit(1000).execute();
    if (posts.length === 0) break;
    await indexPosts(
      db,
      dialect,
      posts.map((p) => ({ id: p.id, workspaceId: p.workspace_id, title: p.title, body: p.body })),
    );
    after = posts[posts.length - 1]!.id;
  }
}

export async function down(untyped: Kysely<unknown>): Promise<void> {
  const db = untyped as Kysely<Database>;
  if (dialectOf(db) === "sqlite") {
    await db.schema.dropTable("search_word_trigrams").execute();
    await sql`drop table post_search_text`.execute(db);
  }
  await db.schema.dropTable("search_words").execute();
  await db.schema.dropTable("post_search").execute();
  await db.schema
    .createTable("post_terms")
    .addColumn("workspace_id", "text", (c) => c.notNull())
    .addColumn("term", "text", (c) => c.notNull())
    .addColumn("post_id", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("post_terms_pk", ["workspace_id", "term", "post_id"])
    .execute();
}
