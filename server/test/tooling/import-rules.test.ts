import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { ROOT } from "../support/processes.js";

// The import rules of docs/ARCHITECTURE.md, as dependency-cruiser checks them (.dependency-cruiser.cjs):
// no cycles; a feature reaches another only through its index.ts; http/ and platform/ import no
// feature; platform/ imports nothing of http/; background work uses platform/queue through its
// index.ts; the dashboard, the browser scripts and packages/ never import server/; packages/shared
// never imports @hono/zod-openapi; a dashboard area imports no other area, and data/, ui/ and
// layout/ import none; code never imports a test. Tests, beside their code or in server/test/, may
// import anything. The second test proves each rule bites on a small tree made to break it.

const run = promisify(execFile);
const CRUISER = join(ROOT, "node_modules/.bin/depcruise");
const CONFIG = join(ROOT, ".dependency-cruiser.cjs");

async function cruise(cwd: string, paths: string[]): Promise<{ ok: boolean; output: string }> {
  try {
    const { stdout } = await run(CRUISER, ["--config", CONFIG, "--output-type", "err", ...paths], { cwd });
    return { ok: true, output: stdout };
  } catch (error) {
    const { stdout, stderr } = error as { stdout: string; stderr: string };
    return { ok: false, output: `${stdout}${stderr}` };
  }
}

describe("the import rules", () => {
  it("hold for the whole code base", async () => {
    const { ok, output } = await cruise(ROOT, ["server/src", "dashboard/src", "dashboard/test", "packages"]);
    expect(output).toContain("no dependency violations found");
    expect(ok).toBe(true);
  }, 60_000);

  const tree = mkdtempSync(join(tmpdir(), "heed-import-rules-"));
  afterAll(() => rmSync(tree, { recursive: true, force: true }));

  it("fail on a cycle, a reach into another feature, an upward import, a reach into the queue's lease, a browser import of the server, a package importing the app, the OpenAPI in packages/shared, a dashboard area reaching into another and code importing a test", async () => {
    const files: Record<string, string> = {
      "tsconfig.json": JSON.stringify({ compilerOptions: { module: "NodeNext", moduleResolution: "NodeNext" } }),
      "server/src/features/posts/index.ts": 'export { post } from "./post.js";\n',
      "server/src/features/posts/post.ts": 'import { vote } from "../votes/vote.js";\nexport const post = () => vote;\n',
      "server/src/features/votes/index.ts": 'export { vote } from "./vote.js";\n',
      "server/src/features/votes/vote.ts": 'import { post } from "../posts/index.js";\nexport const vote = () => post;\n',
      "server/src/http/answers.ts": 'import { post } from "../features/posts/index.js";\nexport const answer = post;\n',
      "server/src/platform/db.ts": 'import { answer } from "../http/answers.js";\nexport const db = answer;\n',
      "server/src/platform/queue/index.ts": 'export { claimNext } from "./claim.js";\n',
      "server/src/platform/queue/claim.ts": "export const claimNext = () => 1;\n",
      "server/src/features/votes/tally.ts": 'import { claimNext } from "../../platform/queue/index.js";\nexport const tally = claimNext;\n',
      "server/src/features/posts/run.ts": 'import { claimNext } from "../../platform/queue/claim.js";\nexport const run = claimNext;\n',
      "dashboard/src/page.ts": 'import { db } from "../../server/src/platform/db.js";\nexport const page = db;\n',
      "packages/shared/src/tokens.ts": 'import { page } from "../../../dashboard/src/page.js";\nexport const tokens = page;\n',
      "packages/shared/src/bodies/tags.ts": 'import { z } from "@hono/zod-openapi";\nexport const tag = z.string();\n',
      "dashboard/src/features/post/Post.ts": 'import { boards } from "../settings/boards/queries.js";\nexport const post = boards;\n',
      "dashboard/src/features/settings/boards/queries.ts": "export const boards = 1;\n",
      "dashboard/src/data/posts.ts": 'import { post } from "../features/post/Post.js";\nexport const posts = post;\n',
      "server/src/features/tags/index.ts":
        'import { harness } from "../../../test/support/harness.js";\nimport { tagged } from "./test/tags.test.js";\nexport const tags = [harness, tagged];\n',
      "server/test/support/harness.ts": "export const harness = 1;\n",
      // Tests may reach anywhere: into another feature, from platform/ up to a feature, from the dashboard into server/.
      "server/src/features/tags/test/tags.test.ts": 'import { vote } from "../../votes/vote.js";\nexport const tagged = vote;\n',
      "server/src/platform/test/db.test.ts": 'import { post } from "../../features/posts/post.js";\nexport const checked = post;\n',
      "dashboard/test/page.test.ts": 'import { harness } from "../../server/test/support/harness.js";\nexport const shown = harness;\n',
    };
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(tree, path)), { recursive: true });
      writeFileSync(join(tree, path), text);
    }
    const { ok, output } = await cruise(tree, ["server/src", "dashboard/src", "dashboard/test", "packages"]);
    expect(ok).toBe(false);
    expect(output).toMatch(/no-cycles: server\/src\/features\/(posts|votes)\//);
    expect(output).toContain("feature-internals: server/src/features/posts/post.ts → server/src/features/votes/vote.ts");
    expect(output).toContain("platform-and-http-know-no-feature: server/src/http/answers.ts → server/src/features/posts/index.ts");
    expect(output).toContain("platform-below-http: server/src/platform/db.ts → server/src/http/answers.ts");
    expect(output).toContain("queue-through-its-index: server/src/features/posts/run.ts → server/src/platform/queue/claim.ts");
    expect(output).not.toContain("queue-through-its-index: server/src/features/votes/tally.ts");
    expect(output).toContain("browser-code-stays-out-of-the-server: dashboard/src/page.ts → server/src/platform/db.ts");
    expect(output).toContain("packages-stand-alone: packages/shared/src/tokens.ts → dashboard/src/page.ts");
    expect(output).toContain("shared-bodies-without-openapi: packages/shared/src/bodies/tags.ts → @hono/zod-openapi");
    expect(output).toContain("dashboard-areas-stand-alone: dashboard/src/features/post/Post.ts → dashboard/src/features/settings/boards/queries.ts");
    expect(output).toContain("dashboard-shared-code-below-areas: dashboard/src/data/posts.ts → dashboard/src/features/post/Post.ts");
    expect(output).toContain("code-imports-no-test: server/src/features/tags/index.ts → server/test/support/harness.ts");
    expect(output).toContain("code-imports-no-test: server/src/features/tags/index.ts → server/src/features/tags/test/tags.test.ts");
    expect(output).not.toMatch(/: (server\/src\/features\/tags\/test|server\/src\/platform\/test|dashboard\/test)\//);
  }, 60_000);
});
