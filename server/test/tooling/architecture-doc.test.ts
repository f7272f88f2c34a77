import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT } from "../support/processes.js";

// docs/ARCHITECTURE.md's layout is the map a new engineer reads first, so it must not drift from
// the tree: every folder under server/src/features/ and server/src/platform/ has its line there,
// and everything the layout names exists.
//
// The layout is the first code block under "## The layout": an entry starts before the column its
// descriptions start at, and its indentation (two spaces a level) puts it inside the entry above.
// A name in angle brackets (`<resource>/`) stands for any folder of that kind: it and what is
// under it are a pattern, not paths.

const DOC = join(ROOT, "docs/ARCHITECTURE.md");
const DESCRIPTION_COLUMN = 26;

/** The layout's entries as paths from the repository's root, each with the line it is on. */
function layoutPaths(markdown: string): { path: string; line: string; pattern: boolean }[] {
  const afterHeading = markdown.split(/^## The layout$/m)[1];
  const block = afterHeading?.split(/^```/m)[1];
  if (block === undefined) throw new Error("docs/ARCHITECTURE.md has no code block under ## The layout");
  const entries: { path: string; line: string; pattern: boolean }[] = [];
  const stack: { indent: number; name: string; pattern: boolean }[] = [];
  for (const line of block.split("\n").slice(1)) {
    const indent = line.length - line.trimStart().length;
    if (line.trim() === "" || indent >= DESCRIPTION_COLUMN) continue;
    const named = line.length > DESCRIPTION_COLUMN && line[DESCRIPTION_COLUMN - 1] === " " ? line.slice(0, DESCRIPTION_COLUMN) : line;
    const names = named.trim().split(/\s{2,}/)[0]!;
    while (stack.length > 0 && stack[stack.length - 1]!.indent >= indent) stack.pop();
    const parent = stack.map((s) => s.name).join("");
    const parentPattern = stack.some((s) => s.pattern);
    for (const name of names.split(/,\s*/)) {
      entries.push({ path: parent + name, line: line.trim(), pattern: parentPattern || name.includes("<") || name.includes("*") });
    }
    // A line naming several files is a list, never the parent of the lines below it.
    if (!names.includes(",")) stack.push({ indent, name: names, pattern: parentPattern || names.includes("<") });
  }
  return entries;
}

function foldersIn(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => `${dir}/${entry.name}/`);
}

describe("docs/ARCHITECTURE.md's layout", () => {
  const entries = layoutPaths(readFileSync(DOC, "utf8"));

  it("has a line for every folder under server/src/features/ and server/src/platform/", () => {
    const named = new Set(entries.map((e) => e.path));
    const folders = [...foldersIn("server/src/features"), ...foldersIn("server/src/platform")];
    expect(folders.length).toBeGreaterThan(20);
    expect(folders.filter((folder) => !named.has(folder))).toEqual([]);
  });

  it("names nothing that does not exist", () => {
    const paths = entries.filter((e) => !e.pattern);
    expect(paths.length).toBeGreaterThan(80);
    expect(paths.filter((e) => !existsSync(join(ROOT, e.path))).map((e) => `${e.path} (the line "${e.line}")`)).toEqual([]);
  });

  it("reads a made-up layout as the paths it names, and misses what it leaves out", () => {
    const layout = [
      "## The layout",
      "",
      "```",
      "server/src/",
      "  platform/               what every feature uses",
      "    cache/                registry.ts: every cache a process keeps, described at length so",
      "                          that the description wraps onto a second line",
      "    a.ts, b.ts            two files on one line",
      "    fields.ts             the field builders",
      "  features/               one folder per resource:",
      "    posts/                the posts",
      "    <resource>/           what a feature folder holds:",
      "      schema.ts           its schemas",
      "```",
    ].join("\n");
    const found = layoutPaths(layout);
    expect(found.filter((e) => !e.pattern).map((e) => e.path)).toEqual([
      "server/src/",
      "server/src/platform/",
      "server/src/platform/cache/",
      "server/src/platform/a.ts",
      "server/src/platform/b.ts",
      "server/src/platform/fields.ts",
      "server/src/features/",
      "server/src/features/posts/",
    ]);
    expect(found.filter((e) => e.pattern).map((e) => e.path)).toEqual(["server/src/features/<resource>/", "server/src/features/<resource>/schema.ts"]);
    // The cache registry placed under http/ names a path that does not exist; a folder left out has no line.
    const misplaced = layoutPaths(layout.replace("  platform/  ", "  http/      "));
    expect(misplaced.map((e) => e.path)).toContain("server/src/http/cache/");
    expect(existsSync(join(ROOT, "server/src/http/cache"))).toBe(false);
    expect(found.map((e) => e.path)).not.toContain("server/src/features/imports/");
  });
});
