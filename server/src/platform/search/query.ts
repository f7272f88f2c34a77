import { type Kysely, type RawBuilder, sql } from "kysely";
import type { Dialect } from "../db/database.js";
import type { Database } from "../db/schema.js";
import { queryTerms } from "./text.js";
import { correctionsOf } from "./vocabulary.js";

// A search as both engines run it. Every term of the query is a choice of forms (the word, the
// words it may be a typo of, and while it is being typed any word it begins), and the terms are
// OR-ed: a post matching any term is found, and ranks higher the more terms, and the rarer ones, it
// matches, and the more of them sit in its title.
//
// SQLite ranks with FTS5's bm25 (title words count twice), which weighs rarity and length.
// PostgreSQL's own ts_rank knows nothing of rarity, so its score is written out: for each term
// matched, ln(1 + n/df) (n posts found, df of them holding the term: rarer counts more), twice for
// a term in the title. So a post matching two of the words in its body ranks above one matching
// one of them in its title. The scores differ in scale, never in what ranks above what for the
// cases docs/API.md ("Search") lists.

/** One term of a prepared search: the forms any of which matches it. */
export interface SearchTerm {
  /** Whole words (stemmed by the engine). */
  words: string[];
  /** A word being typed: also matches any word that begins with it. */
  prefix?: string;
  /** A run of CJK text, as consecutive character pairs. */
  pairs?: string[];
}

export interface PreparedSearch {
  terms: SearchTerm[];
}

/** The terms of `q`, typos corrected against the workspace's words; undefined when `q` has nothing to search. */
export async function prepareSearch(
  db: Kysely<Database>,
  dialect: Dialect,
  workspaceId: string,
  q: string,
  whole = false,
): Promise<PreparedSearch | undefined> {
  const parsed = queryTerms(q, whole);
  if (parsed.length === 0) return undefined;
  const words = parsed.flatMap((t) => (t.kind === "word" ? [t.word] : []));
  const corrections = await correctionsOf(db, dialect, workspaceId, words);
  return {
    terms: parsed.map((t) =>
      t.kind === "phrase" ? { words: [], pairs: t.pairs } : { words: [t.word, ...(corrections.get(t.word) ?? [])], ...(t.prefix ? { prefix: t.word } : {}) },
    ),
  };
}

/** FTS5 query syntax for one term (every form is letters and digits only, so quoting is safe). */
function fts5Term(term: SearchTerm): string {
  if (term.pairs) return `"${term.pairs.join(" ")}"`;
  const forms = term.words.map((w) => `"${w}"`);
  if (term.prefix) forms.push(`"${term.prefix}"*`);
  return forms.length === 1 ? forms[0]! : `(${forms.join(" OR ")})`;
}

/** The FTS5 MATCH expression of a whole search: any term. */
export function fts5Query(search: PreparedSearch): string {
  return search.terms.map(fts5Term).join(" OR ");
}

/** to_tsquery text for one term, restricted to title words when `weight` is "A". */
function tsTerm(term: SearchTerm, weight = ""): string {
  if (term.pairs) return term.pairs.map((p) => `${p}${weight ? `:${weight}` : ""}`).join(" <-> ");
  const forms = term.words.map((w) => (weight ? `${w}:${weight}` : w));
  if (term.prefix) forms.push(`${term.prefix}:*${weight}`);
  return forms.length === 1 ? forms[0]! : `(${forms.join(" | ")})`;
}

function tsquery(text: string): RawBuilder<unknown> {
  return sql`to_tsquery('english', ${text})`;
}

/** The ids of the workspace's posts that match the search (no ranking): for lists sorted otherwise, and counts. */
export function matchingPostIds(dialect: Dialect, workspaceId: string, search: PreparedSearch): RawBuilder<{ post_id: string }> {
  if (dialect === "postgres") {
    const any = search.terms.map((t) => tsTerm(t)).join(" | ");
    return sql`select post_id from post_search where workspace_id = ${workspaceId} and document @@ ${tsquery(any)}`;
  }
  return sql`select ps.post_id from post_search ps where ps.workspace_id = ${workspaceId} and ps.id in (select rowid from post_search_text where post_search_text match ${fts5Query(search)})`;
}

/**
 * SQLite: the `k` best matches in the whole index (every workspace), ranked by FTS5 itself with the
 * same bm25 as `scoredPosts`: `ORDER BY rank LIMIT k` keeps a sorter of k rows instead of sorting
 * every match, and nothing is joined until the page's filters read these k.
 */
export async function bestMatches(db: Kysely<Database>, search: PreparedSearch, k: number): Promise<{ rowid: number; score: number }[]> {
  const { rows } = await sql<{ rowid: number; score: number }>`
    select rowid, -rank as score from post_search_text
    where post_search_text match ${fts5Query(search)} and rank match 'bm25(2.0, 1.0)'
    order by rank limit ${k}`.execute(db);
  return rows;
}

/**
 * PostgreSQL: the workspace's `k` best matches, ranked by the same score as `scoredPosts` (it is
 * that query, cut to k: a top-k sort, and nothing joined until the page's filters read these k).
 */
export async function bestMatchesIn(
  db: Kysely<Database>,
  workspaceId: string,
  search: PreparedSearch,
  k: number,
): Promise<{ post_id: string; score: number }[]> {
  const { rows } = await sql<{ post_id: string; score: number }>`
    select post_id, score from (${scoredPosts("postgres", workspaceId, search)}) r
    order by score desc, post_id desc limit ${k}`.execute(db);
  return rows;
}

/** A derived table of the matching posts with their relevance `score` (higher is better). */
export function scoredPosts(dialect: Dialect, workspaceId: string, search: PreparedSearch): RawBuilder<{ post_id: string; score: number }> {
  if (dialect === "sqlite") {
    return sql`
      select ps.post_id as post_id, -bm25(post_search_text, 2.0, 1.0) as score
      from post_search_text join post_search ps on ps.id = post_search_text.rowid
      where post_search_text match ${fts5Query(search)} and ps.workspace_id = ${workspaceId}`;
  }
  const any = search.terms.map((t) => tsTerm(t)).join(" | ");
  const matched = search.terms.map((t, i) => sql`(document @@ ${tsquery(tsTerm(t))})::int as ${sql.id(`m${i}`)}`);
  const inTitle = search.terms.map((t, i) => sql`(document @@ ${tsquery(tsTerm(t, "A"))})::int as ${sql.id(`t${i}`)}`);
  const columns = (prefix: string) => search.terms.map((_, i) => sql.id(`${prefix}${i}`));
  const df = search.terms.map((_, i) => sql`sum(${sql.id(`m${i}`)}) over () as ${sql.id(`df${i}`)}`);
  const score = search.terms.map((_, i) => {
    const [m, t, d] = [sql.id(`m${i}`), sql.id(`t${i}`), sql.id(`df${i}`)];
    return sql`(${m} + ${t}) * ln(1 + n::float8 / greatest(${d}, 1))`;
  });
  return sql`
    select post_id, (${sql.join(score, sql` + `)})::float8 as score from (
      select post_id, ${sql.join(columns("m"))}, ${sql.join(columns("t"))}, ${sql.join(df)}, count(*) over () as n
      from (
        select post_id, ${sql.join(matched)}, ${sql.join(inTitle)}
        from post_search where workspace_id = ${workspaceId} and document @@ ${tsquery(any)}
      ) matched
    ) counted`;
}
