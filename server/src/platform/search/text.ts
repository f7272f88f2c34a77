import { stemmer } from "stemmer";

// How text becomes searchable, the same for both databases. Heed prepares the text itself and
// hands each engine plain space-separated words, so SQLite's FTS5 and PostgreSQL's tsvector see the
// same tokens: accents folded ("café" → "cafe"), punctuation a separator ("dark-mode" → "dark
// mode"), and runs of Japanese, Chinese or Korean script, written without spaces, cut into
// overlapping pairs of characters ("ダークモード" → "ダー ーク クモ モー ード"), so a query's pairs
// find it as a phrase: a substring match in text with no spaces. Each engine then stems English
// (FTS5's porter tokenizer, PostgreSQL's `english` configuration).

/** Scripts written without spaces between words, plus the marks that sit inside their words. */
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u3005\u30fc\uff70]+/gu;
const CJK_RUN = new RegExp(`^${CJK.source}$`, "u");

/**
 * English stop words (PostgreSQL's `english` list, which is Snowball's): a query drops them on both
 * databases, so "dark mode for android" searches dark, mode and android on either.
 */
export const STOP_WORDS = new Set(
  (
    "i me my myself we our ours ourselves you your yours yourself yourselves he him his himself she her hers herself it its itself " +
    "they them their theirs themselves what which who whom this that these those am is are was were be been being have has had " +
    "having do does did doing a an the and but if or because as until while of at by for with about against between into through " +
    "during before after above below to from up down in out on off over under again further then once here there when where why how " +
    "all any both each few more most other some such no nor not only own same so than too very s t can will just don should now"
  ).split(" "),
);

/** Lower case, accents folded. */
export function fold(text: string): string {
  return text.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase();
}

/** Overlapping character pairs of a run of CJK script; a single character stays itself. */
export function pairs(run: string): string[] {
  const chars = [...run];
  if (chars.length < 2) return chars;
  return chars.slice(1).map((c, i) => chars[i]! + c);
}

/** The words of `text`, folded, with CJK runs as separate words. */
export function wordsOf(text: string): string[] {
  return (
    fold(text)
      .replace(CJK, " $& ")
      .match(/[\p{L}\p{N}]+/gu) ?? []
  );
}

export function isCjk(word: string): boolean {
  return CJK_RUN.test(word);
}

/** What an engine indexes for `text`: its words, separated by spaces, CJK runs as pairs. */
export function searchableText(text: string): string {
  return wordsOf(text)
    .map((word) => (isCjk(word) ? pairs(word).join(" ") : word))
    .join(" ");
}

/** One thing a query looks for: a word (stemmed by the engine), or the pairs of a CJK run, in order. */
export type QueryTerm = { kind: "word"; word: string; prefix: boolean } | { kind: "phrase"; pairs: string[] };

const MAX_QUERY_TERMS = 8;

/**
 * The terms of a query, at most eight: stop words and single letters dropped, repeats once. The
 * last word is also a prefix when the text does not end in a space (the reader is still typing
 * it), unless the text is known to be whole (a post's title, looking for posts like it).
 */
export function queryTerms(q: string, whole = false): QueryTerm[] {
  const words = wordsOf(q);
  const typing = !whole && !/[\s\p{P}]$/u.test(q);
  const seen = new Set<string>();
  const terms: QueryTerm[] = [];
  words.forEach((word, i) => {
    if (seen.has(word) || terms.length >= MAX_QUERY_TERMS) return;
    seen.add(word);
    if (isCjk(word)) terms.push({ kind: "phrase", pairs: pairs(word) });
    else if (word.length >= 2 && word.length <= 40 && !STOP_WORDS.has(word)) {
      terms.push({ kind: "word", word, prefix: typing && i === words.length - 1 && word.length >= 3 });
    }
  });
  return terms;
}

/** Words worth keeping in a workspace's vocabulary for typo tolerance: Latin-like, 4 to 30 letters. */
export function vocabularyWords(...texts: string[]): string[] {
  const out = new Set<string>();
  for (const text of texts) {
    for (const word of wordsOf(text)) {
      if (word.length >= 4 && word.length <= 30 && !isCjk(word) && !/\d/.test(word) && !STOP_WORDS.has(word)) out.add(word);
      if (out.size >= 500) return [...out];
    }
  }
  return [...out];
}

/** The Porter stem of a folded word: what FTS5's porter tokenizer indexes, for comparing words in JS. */
export function stemOf(word: string): string {
  return isCjk(word) ? word : stemmer(word);
}
