import { markdownAsText } from "../../../../../packages/shared/src/markdown.js";

// The first lines of a changelog entry, quoted in its "shipped" mail: whole paragraphs while they
// fit, so the markdown quoted stays whole (a cut inside `**bold**` would show its stars); a first
// paragraph too long on its own is cut at a word and marked as cut.

const MOST_CHARS = 400;

export function firstLines(body: string, most = MOST_CHARS): string {
  const paragraphs = body
    .replace(/\r\n?/g, "\n")
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter((p) => p !== "");
  const kept: string[] = [];
  let length = 0;
  for (const paragraph of paragraphs) {
    if (length + paragraph.length > most) break;
    kept.push(paragraph);
    length += paragraph.length;
  }
  if (kept.length > 0) return kept.join("\n\n") + (kept.length < paragraphs.length ? "\n\n…" : "");
  const first = paragraphs[0];
  if (!first) return "";
  // One long paragraph, as plain words: its markup cut in half would not read.
  const words = markdownAsText(first).replace(/\s+/g, " ").slice(0, most);
  return `${words.slice(0, Math.max(words.lastIndexOf(" "), most / 2)).trimEnd()}…`;
}
