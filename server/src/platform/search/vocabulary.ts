import { type Kysely, sql } from "kysely";
import type { Dialect } from "../db/database.js";
import type { Database } from "../db/schema.js";
import { similarity, similarityOf, trigramsOf } from "./trigrams.js";
import { isTypo, TYPO_CANDIDATE_SIMILARITY, TYPO_MIN_LENGTH } from "./typos.js";

// Typo tolerance: a query word the workspace's posts never use is replaced by the words they do use
// that look most like it ("notifcations" → "notifications", "exel" → "excel"). The vocabulary holds
// each distinct word once per workspace. PostgreSQL finds candidates with pg_trgm's GIN index;
// SQLite with a table of each word's trigrams, which is what that index holds; on both, typos.ts
// decides which candidates are typos of the word. Words are added in the writing post's
// transaction and never removed: a word no post holds any more corrects to nothing found.

const CLOSE_WORDS_PER_WORD = 3;
/** How many of the likest words the typo rule reads. */
const CANDIDATES = 50;

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

/** Words of the vocabulary that share enough trigrams with `word` to be its typo, likest first. */
async function candidatesOf(db: Kysely<Database>, dialect: Dialect, workspaceId: string, word: string): Promise<string[]> {
  if (dialect === "postgres") {
    const schema = sql.id(await pgTrgmSchema(db));
    const rows = await sql<{ word: string }>`
      select word from search_words
      where workspace_id = ${workspaceId} and word operator(${schema}.%) ${word}
        and ${schema}.similarity(word, ${word}) >= ${TYPO_CANDIDATE_SIMILARITY}
      order by ${schema}.similarity(word, ${word}) desc, word
      limit ${CANDIDATES}`.execute(db);
    return rows.rows.map((r) => r.word);
  }
  const trigrams = trigramsOf(word);
  const rows = await db
    .selectFrom("search_word_trigrams")
    .select(["word", (eb) => eb.fn.countAll<number>().as("shared")])
    .where("workspace_id", "=", workspaceId)
    .where("trigram", "in", trigrams)
    .groupBy("word")
    .orderBy("shared", "desc")
    .orderBy("word")
    .limit(CANDIDATES)
    .execute();
  return rows.filter((c) => similarityOf(Number(c.shared), trigrams.length, trigramsOf(c.word).length) >= TYPO_CANDIDATE_SIMILARITY).map((c) => c.word);
}

/** Words of the vocabulary that `word` may be a typo of (typos.ts), most alike first. */
async function closeWordsOf(db: Kysely<Database>, dialect: Dialect, workspaceId: string, word: string): Promise<string[]> {
  return (await candidatesOf(db, dialect, workspaceId, word))
    .filter((candidate) => isTypo(word, candidate))
    .map((candidate) => ({ word: candidate, similarity: similarity(word, candidate) }))
    .sort((a, b) => b.similarity - a.similarity || (a.word < b.word ? -1 : 1))
    .slice(0, CLOSE_WORDS_PER_WORD)
    .map((c) => c.word);
}

/**
 * For each of `words` the workspace's posts never use, the words they use that look like it. Short
 * words (under 4 letters) are not corrected: too many words are one letter away from them.
 */
export async function correctionsOf(db: Kysely<Database>, dialect: Dialect, workspaceId: string, words: string[]): Promise<Map<string, string[]>> {
  const candidates = words.filter((w) => w.length >= TYPO_MIN_LENGTH && !/\d/.test(w));
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
