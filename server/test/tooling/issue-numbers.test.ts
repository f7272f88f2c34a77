import { readdirSync, readFileSync } from "node:fs";
import { extname, join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT } from "../support/processes.js";

// Docs state what is and comments say why; how the code came to be is in git. An issue number in
// a document or a comment points at a tracker a reader of the repository may not have, and it
// ages into history: so none is named. (A GitHub issue reference in an example, `owner/repo#12`,
// is no issue number of this project and is not matched.)

const ISSUE_NUMBER = /\bissues?[\s-]+#?\d+/i;

/** Where documents and code live; node_modules and build output are never walked. */
const PLACES = ["README.md", "docs", "server", "dashboard", "packages", "scripts", "bench", "bin", "vitest.config.ts"];
const SKIPPED = new Set(["node_modules", "dist", "test-results", ".cache"]);
const CODE = new Set([".ts", ".tsx", ".mts", ".mjs", ".cjs", ".js", ".css", ".sh"]);
const PROSE = new Set([".md"]);

function filesUnder(path: string): string[] {
  const full = join(ROOT, path);
  let entries: import("node:fs").Dirent[];
  try {
    entries = readdirSync(full, { withFileTypes: true });
  } catch {
    return [path];
  }
  return entries.filter((e) => !SKIPPED.has(e.name)).flatMap((e) => (e.isDirectory() ? filesUnder(join(path, e.name)) : [join(path, e.name)]));
}

/** The comment on a line of code, if it has one: after `//`, or the line itself inside a block comment. */
function commentOf(line: string): string | undefined {
  const trimmed = line.trimStart();
  if (/^(\/\*|\*|\{\/\*|#)/.test(trimmed)) return trimmed;
  const slashes = line.indexOf("//");
  // `//` inside a URL ("https://…") is no comment.
  if (slashes >= 0 && line[slashes - 1] !== ":") return line.slice(slashes);
  return undefined;
}

/** The lines of `text` (prose whole, code only in its comments) that name an issue number. */
function issueNumbersIn(text: string, kind: "prose" | "code"): string[] {
  return text
    .split("\n")
    .map((line, i) => ({ line, at: i + 1, words: kind === "prose" ? line : commentOf(line) }))
    .filter(({ words }) => words !== undefined && ISSUE_NUMBER.test(words))
    .map(({ line, at }) => `${at}: ${line.trim()}`);
}

describe("issue numbers", () => {
  it("are named in no document and no code comment", () => {
    const files = PLACES.flatMap(filesUnder).filter((f) => CODE.has(extname(f)) || PROSE.has(extname(f)));
    expect(files.length).toBeGreaterThan(500);
    const found = files.flatMap((file) => {
      const kind = PROSE.has(extname(file)) ? "prose" : "code";
      return issueNumbersIn(readFileSync(join(ROOT, file), "utf8"), kind).map((hit) => `${relative(ROOT, join(ROOT, file))}:${hit}`);
    });
    expect(found).toEqual([]);
  });

  it("are found in prose and in comments, not in code or in another tracker's references", () => {
    expect(issueNumbersIn("The read targets of issue 32.\nNothing here.", "prose")).toEqual(["1: The read targets of issue 32."]);
    expect(issueNumbersIn("See [SECURITY.md](SECURITY.md#integrations-issue-31).", "prose")).toHaveLength(1);
    const n = 25; // written apart, so that this file's own line names no issue number
    expect(issueNumbersIn(`// Secure by default (Issue ${n}, item 1)\nconst a = 1; // issues ${n} and ${n + 1}`, "code")).toHaveLength(2);
    expect(issueNumbersIn(" * before issue #16 measured it", "code")).toHaveLength(1);
    expect(issueNumbersIn('const title = "issue 12";\nconst url = "https://example.com/issue-12";', "code")).toEqual([]);
    expect(issueNumbersIn("Link an issue by `owner/repo#12` or `ENG-12`.", "prose")).toEqual([]);
  });
});
