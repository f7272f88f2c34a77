import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

// packages/client/test/types.check.ts holds right calls and, under @ts-expect-error, wrong fields, parameters
// and routes. tsc fails when a right call does not compile or a wrong one does. The README's example
// is compiled with it, so the documentation cannot rot.
const root = fileURLToPath(new URL("../../../../", import.meta.url));

describe("the client's types", () => {
  it("accept the right calls and refuse wrong fields, parameters and routes (tsc --noEmit)", () => {
    const readme = readFileSync(`${root}packages/client/README.md`, "utf8");
    const example = /```ts\n([\s\S]*?)```/.exec(readme)?.[1];
    expect(example, "packages/client/README.md has a ts example").toBeDefined();
    writeFileSync(`${root}packages/client/test/readme-example.generated.ts`, example!.replaceAll('from "@heed/client"', 'from "../src/index.js"'));
    let output = "";
    try {
      execFileSync(process.execPath, [`${root}node_modules/typescript/bin/tsc`, "--noEmit", "-p", `${root}packages/client/tsconfig.typecheck.json`], {
        cwd: root,
        encoding: "utf8",
        stdio: "pipe",
      });
    } catch (error) {
      output = String((error as { stdout?: string }).stdout ?? error);
    }
    expect(output).toBe("");
  }, 120_000);
});
