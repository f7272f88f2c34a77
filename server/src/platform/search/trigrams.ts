// Trigram similarity as PostgreSQL's pg_trgm defines it, for the SQLite side of typo tolerance: a
// word is padded with two spaces in front and one behind, cut into every run of three characters,
// and two words are as similar as the share of trigrams they have in common (|A ∩ B| / |A ∪ B|).
// "notifcations" and "notifications" share 11 of 16: 0.69.

/** The distinct trigrams of one folded word. */
export function trigramsOf(word: string): string[] {
  const chars = [" ", " ", ...word, " "];
  const out = new Set<string>();
  for (let i = 0; i + 3 <= chars.length; i++) out.add(chars.slice(i, i + 3).join(""));
  return [...out];
}

/** pg_trgm's similarity(a, b) given the number of trigrams each has and how many they share. */
export function similarityOf(shared: number, countA: number, countB: number): number {
  const union = countA + countB - shared;
  return union === 0 ? 0 : shared / union;
}

export function similarity(a: string, b: string): number {
  const ta = trigramsOf(a);
  const tb = new Set(trigramsOf(b));
  return similarityOf(ta.filter((t) => tb.has(t)).length, ta.length, tb.size);
}
