import { similarity } from "./trigrams.js";

// What a typo is, one rule for everything that forgives one: the search's correction of a word
// its workspace never uses (vocabulary.ts, on both databases) and the likeness of two texts
// (likeness.ts: the portal's similar ideas, possible duplicates). Two words of four letters or more
// are one misspelt for the other when they share enough trigrams (pg_trgm's similarity, 0.4), or
// when one edit makes one the other (a letter dropped, added, changed, or two swapped) after the
// same first letter in words of five letters or more. Trigrams alone miss a short word with a
// letter dropped: "exel" and "excel" share 3 of 8 (0.375). The first letter is kept because
// people rarely mistype it, and a changed one makes another real word more often ("dark", "park").

/** Words shorter than this are never taken for typos: too many words are one letter apart. */
export const TYPO_MIN_LENGTH = 4;

/** How alike (pg_trgm similarity) two words must be for one to stand for the other. */
export const TYPO_SIMILARITY = 0.4;

/**
 * Below this similarity no word is even a candidate: pg_trgm's `%` threshold (its default), which
 * PostgreSQL's index search uses; SQLite holds its candidates to the same.
 */
export const TYPO_CANDIDATE_SIMILARITY = 0.3;

/** Whether `a` and `b` are one edit apart (Damerau: one letter dropped, added, changed, or two neighbours swapped). */
export function oneEditApart(a: string, b: string): boolean {
  if (a === b) return false;
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  if (long.length - short.length > 1) return false;
  let i = 0;
  while (i < short.length && short[i] === long[i]) i++;
  if (short.length === long.length) {
    if (short.slice(i + 1) === long.slice(i + 1)) return true; // one changed
    return short[i] === long[i + 1] && short[i + 1] === long[i] && short.slice(i + 2) === long.slice(i + 2); // two swapped
  }
  return short.slice(i) === long.slice(i + 1); // one dropped
}

/** Whether one of two different words is a typo of the other. */
export function isTypo(a: string, b: string): boolean {
  if (a === b || a.length < TYPO_MIN_LENGTH || b.length < TYPO_MIN_LENGTH) return false;
  if (similarity(a, b) >= TYPO_SIMILARITY) return true;
  return a[0] === b[0] && Math.max(a.length, b.length) >= 5 && oneEditApart(a, b);
}
