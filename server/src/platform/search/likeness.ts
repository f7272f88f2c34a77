import { isCjk, pairs, STOP_WORDS, stemOf, wordsOf } from "./text.js";
import { isTypo } from "./typos.js";

// How much a post says what a piece of text says, from 0 to 1, the same on both databases: the
// share of the text's words (stop words left out, compared by stem, a typo forgiven by the rule the
// search corrects by, typos.ts) that the post's title holds, a word only in its body counting half.
// The engines rank the candidates; this decides which are alike enough to show, against thresholds
// a person can read:
//   - similar ideas (as an idea is typed, and GET /v1/posts/{id}/similar): half of the words;
//   - a possible duplicate: each post's title holds 60% of the other's words, both ways.

export const SIMILAR_IDEA_LIKENESS = 0.5;
export const DUPLICATE_LIKENESS = 0.6;

function significant(text: string): string[] {
  const out = new Set<string>();
  for (const word of wordsOf(text)) {
    if (isCjk(word)) for (const pair of pairs(word)) out.add(pair);
    else if (!STOP_WORDS.has(word) && word.length >= 2) out.add(stemOf(word));
  }
  return [...out];
}

function holds(words: Set<string>, word: string): boolean {
  if (words.has(word)) return true;
  for (const other of words) if (isTypo(word, other)) return true;
  return false;
}

export function likeness(text: string, post: { title: string; body: string }): number {
  const words = significant(text);
  if (words.length === 0) return 0;
  const title = new Set(significant(post.title));
  const body = new Set(significant(post.body));
  let held = 0;
  for (const word of words) held += holds(title, word) ? 1 : holds(body, word) ? 0.5 : 0;
  return held / words.length;
}

/** Whether two posts' titles say the same thing, each holding most of the other's words. */
export function possibleDuplicates(a: { title: string }, b: { title: string }): boolean {
  const none = "";
  return likeness(a.title, { title: b.title, body: none }) >= DUPLICATE_LIKENESS && likeness(b.title, { title: a.title, body: none }) >= DUPLICATE_LIKENESS;
}
