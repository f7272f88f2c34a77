// @mentions as a comment is typed: what "@Ma" before the caret asks for, who on the team answers
// it, the text once one is chosen, and which chosen teammates the text still names when it is
// sent (a mention whose text was deleted tells nobody).

export type Teammate = { id: string; name: string };

/** The "@…" being typed just before the caret: where its "@" is and what follows it. */
export interface Typed {
  at: number;
  query: string;
}

// An "@" at the start or after a space or an opening bracket, then up to two words of a name
// ("@Ma", "@Maria Lo"), up to the caret. An email address ("ana@acme.test") is no mention.
const TYPED = /(?:^|[\s([{])@([\p{L}\p{N}._'-]{0,40}(?: [\p{L}\p{N}._'-]{0,40})?)$/u;

export function typedAt(text: string, caret: number): Typed | null {
  const before = text.slice(0, caret);
  const found = TYPED.exec(before);
  if (!found) return null;
  const query = found[1] ?? "";
  return { at: caret - query.length - 1, query };
}

/** Teammates whose name, or a word of it, starts with what was typed; at most `limit`, in the team's order. */
export function matching(team: Teammate[], query: string, limit = 8): Teammate[] {
  const q = query.toLocaleLowerCase();
  const starts = (m: Teammate) => {
    const name = m.name.toLocaleLowerCase();
    return name.startsWith(q) || name.split(/\s+/).some((word) => word.startsWith(q));
  };
  return team.filter(starts).slice(0, limit);
}

/** The text with the "@…" typed replaced by the teammate's "@Name ", and where the caret goes after it. */
export function insertMention(text: string, typed: Typed, caret: number, teammate: Teammate): { text: string; caret: number } {
  const mention = `@${teammate.name} `;
  const after = text.slice(caret).replace(/^ /, "");
  return { text: text.slice(0, typed.at) + mention + after, caret: typed.at + mention.length };
}

/** The chosen teammates whose "@Name" the text still holds, each once. */
export function mentionedIn(text: string, chosen: Teammate[]): string[] {
  const ids = chosen.filter((m) => text.includes(`@${m.name}`)).map((m) => m.id);
  return [...new Set(ids)];
}
