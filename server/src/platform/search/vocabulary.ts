import { type Kysely, sql } from "kysely";
import type { Dialect } from "../db/database.js";
import type { Database } from "../db/schema.js";
import { similarityOf, trigramsOf } from "./trigrams.js";

// Typo tolerance: a query word the workspace's posts never use is replaced by the words they do use
// that look most like it ("notifcations" → "notifications"). The vocabulary holds each distinct
// word once per workspace. PostgreSQL finds close words with pg_trgm's GIN index; SQLite with a
// table of each word's trigrams, which is what that index holds. Words are added in the writing
// post's transaction and never removed: a word no post holds any more corrects to nothing found.

/** How alike two words must be (pg_trgm similarity) for one to stand in for the other. */
export const CLOSE_WORD_SIMILARITY = 0.4;
const CLOSE_WORDS_PER_WORD = 3;

export async function addToVocabulary(db: Kysely<Database>, dialect: Dialect, workspaceId: string, words: string[]): Promise<void> {
  for (let i = 0; i < words.length; i += 200) {
    const added = await db
      .insertInto("search_words")
      .values(words.slice(i, i + 200).map((word) => ({ workspace_id: workspaceId, word })))
      .onConflict((oc) => oc.columns(["workspace_id", "word"]).doNothing())
      .returning("word")
      .execute();
    if (dialect !== "sqlite" || added.length === 0) continue;
    const trigrams = added.flatMap(({ word }) => trigramsOf(word).map((trigram) => ({ workspace_id: workspaceId, trigram, word })));
    for (let j = 0; j < trigrams.length; j += 500) {
      await db
        .insertInto("search_word_trigrams")
        .values(trigrams.slice(j, j + 500))
        .onConflict((oc) => oc.doNothing())
        .execute();
    }
  }
}

/** The schema pg_trgm is installed in: its functions and operators are named through it, whatever the search_path. */
// biome-ignore lint/suspicious/noExplicitAny: any database's connection will do
export async function findTrigramSchema(db: Kysely<any>): Promise<string | undefined> {
  const found = await sql<{
    schema: string;
  }>`select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace where e.extname = 'pg_trgm'`.execute(db);
  return found.rows[0]?.schema;
}

let trigramSchema: Promise<string> | undefined;
function pgTrgmSchema(db: Kysely<Database>): Promise<string> {
  trigramSchema ??= findTrigramSchema(db).then((schema) => {
    if (!schema) throw new Error("PostgreSQL's pg_trgm extension is missing: run the migrations as a role that may create it.");
    return schema;
  });
  trigramSchema.catch(() => {
    trigramSchema = undefined;
  });
  return trigramSchema;
}

/** Words of the vocabulary close to `word`, most alike first. */
async function closeWordsOf(db: Kysely<Database>, dialect: Dialect, workspaceId: string, word: string): Promise<string[]> {
  if (dialect === "postgres") {
    const schema = sql.id(await pgTrgmSchema(db));
    const rows = await sql<{ word: string }>`
      select word from search_words
      where workspace_id = ${workspaceId} and word operator(${schema}.%) ${word}
        and ${schema}.similarity(word, ${word}) >= ${CLOSE_WORD_SIMILARITY}
      order by ${schema}.similarity(word, ${word}) desc, word
      limit ${CLOSE_WORDS_PER_WORD}`.execute(db);
    return rows.rows.map((r) => r.word);
  }
  const trigrams = trigramsOf(word);
  const candidates = await db
    .selectFrom("search_word_trigrams")
    .select(["word", (eb) => eb.fn.countAll<number>().as("shared")])
    .where("workspace_id", "=", workspaceId)
    .where("trigram", "in", trigrams)
    .groupBy("word")
    .orderBy("shared", "desc")
    .orderBy("word")
    .limit(50)
    .execute();
  return candidates
    .map((c) => ({ word: c.word, similarity: similarityOf(Number(c.shared), trigrams.length, trigramsOf(c.word).length) }))
    .filter((c) => c.similarity >= CLOSE_WORD_SIMILARITY)
    .sort((a, b) => b.similarity - a.similarity || (a.word < b.word ? -1 : 1))
    .slice(0, CLOSE_WORDS_PER_WORD)
    .map((c) => c.word);
}

/**
 * For each of `words` the workspace's posts never use, the words they use that look like it. Short
 * words (under 4 letters) are not corrected: too many words are one letter away from them.
 */
export async function correctionsOf(db: Kysely<Database>, dialect: Dialect, workspaceId: string, words: string[]): Promise<Map<string, string[]>> {
  const candidates = words.filter((w) => w.length >= 4 && !/\d/.test(w));
  const out = new Map<string, string[]>();
  if (candidates.length === 0) return out;
  const known = new Set(
    (await db.selectFrom("search_words").select("word").where("workspace_id", "=", workspaceId).where("word", "in", candidates).execute()).map((r) => r.word),
  );
  for (const word of candidates) {
    if (known.has(word)) continue;
    const close = await closeWordsOf(db, dialect, workspaceId, word);
    if (close.length > 0) out.set(word, close);
  }
  return out;
}
