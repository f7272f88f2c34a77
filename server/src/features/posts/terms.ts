// Full-text search that runs the same on SQLite and PostgreSQL: each post's title and body are cut
// into normalised words kept in post_terms (an inverted index maintained in the post's own
// transaction), and `q` matches posts holding every word of the query.

const MAX_TERMS_PER_POST = 400;
const MAX_QUERY_TERMS = 8;
const STOP_WORDS = new Set(["a", "an", "and", "are", "as", "at", "be", "by", "for", "in", "is", "it", "of", "on", "or", "the", "to", "with"]);

/** Lowercase, accents folded, a plural `s` dropped: "Exports" and "export" find each other. */
function normalise(word: string): string {
  const folded = word.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase();
  return folded.length > 3 && folded.endsWith("s") && !folded.endsWith("ss") ? folded.slice(0, -1) : folded;
}

function words(text: string): string[] {
  return text.match(/[\p{L}\p{N}]+/gu) ?? [];
}

export function termsOf(...texts: string[]): string[] {
  const out = new Set<string>();
  for (const text of texts) {
    for (const word of words(text)) {
      if (word.length > 40) continue;
      const term = normalise(word);
      if (term.length < 2 || STOP_WORDS.has(term)) continue;
      out.add(term);
      if (out.size >= MAX_TERMS_PER_POST) return [...out];
    }
  }
  return [...out];
}

/** The terms a search must all match; empty when `q` has no searchable word. */
export function queryTerms(q: string): string[] {
  return termsOf(q).slice(0, MAX_QUERY_TERMS);
}
