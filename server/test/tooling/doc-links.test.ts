import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT } from "../support/processes.js";

// A link from one document to another's section breaks silently when the section is renamed or
// moved: every relative link of the repository's documents must reach a file that exists and, when
// it names a section, a heading of that file (as GitHub makes its anchor).

const DOCUMENTS = ["README.md", "packages/client/README.md", ...readdirSync(join(ROOT, "docs")).map((name) => `docs/${name}`)].filter((f) => f.endsWith(".md"));

/** GitHub's anchor of a heading: lowercased, punctuation dropped, each space a hyphen. */
function anchorOf(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, "")
    .replace(/\s/g, "-");
}

/** The anchors of a markdown file's headings; a repeated heading gets -1, -2… as on GitHub. */
function anchorsIn(markdown: string): Set<string> {
  const anchors = new Set<string>();
  for (const [, heading] of withoutCode(markdown).matchAll(/^#{1,6}\s+(.+)$/gm)) {
    const anchor = anchorOf(heading!);
    let unique = anchor;
    for (let n = 1; anchors.has(unique); n++) unique = `${anchor}-${n}`;
    anchors.add(unique);
  }
  return anchors;
}

function withoutCode(markdown: string): string {
  return markdown.replace(/^```[\s\S]*?^```/gm, "");
}

/** Each relative link of `file` that reaches no file, or no heading of it. */
function brokenLinks(file: string): string[] {
  const markdown = readFileSync(join(ROOT, file), "utf8");
  const broken: string[] = [];
  for (const [, target] of withoutCode(markdown).matchAll(/\]\(([^)\s]+)\)/g)) {
    if (/^[a-z]+:/i.test(target!)) continue;
    const [path, anchor] = target!.split("#") as [string, string | undefined];
    const linked = path === "" ? join(ROOT, file) : join(ROOT, dirname(file), path);
    if (!existsSync(linked)) {
      broken.push(`${file}: ${target} (no file ${relative(ROOT, linked)})`);
      continue;
    }
    if (anchor === undefined || statSync(linked).isDirectory() || !linked.endsWith(".md")) continue;
    if (!anchorsIn(readFileSync(linked, "utf8")).has(anchor)) broken.push(`${file}: ${target} (no such heading)`);
  }
  return broken;
}

describe("links between documents", () => {
  it("reach a file that exists and a heading it has", () => {
    expect(DOCUMENTS.length).toBeGreaterThan(5);
    expect(DOCUMENTS.flatMap(brokenLinks)).toEqual([]);
  });

  it("anchor headings as GitHub does", () => {
    expect(anchorOf("`npm start`: the build and the memory flags")).toBe("npm-start-the-build-and-the-memory-flags");
    expect(anchorOf("A person's data")).toBe("a-persons-data");
    expect(anchorOf("Notifications: closing the loop")).toBe("notifications-closing-the-loop");
    expect([...anchorsIn("## Imports\n\n```\n## not a heading\n```\n## Imports\n")]).toEqual(["imports", "imports-1"]);
  });
});
