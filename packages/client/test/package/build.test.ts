import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

// The package as a user gets it: `npm run build` makes ESM with .d.ts files, and `@heed/client`
// resolves through its package.json exports in plain Node.
const root = fileURLToPath(new URL("../../../../", import.meta.url));

describe("the @heed/client package", () => {
  it("builds to ESM with declaration files and imports by name", () => {
    execFileSync("npm", ["run", "build", "--silent", "--workspace", "@heed/client"], { cwd: root, stdio: "pipe" });
    for (const file of ["index.js", "index.d.ts", "schema.d.ts", "clients.d.ts", "paginate.d.ts", "webhooks.d.ts"]) {
      expect(existsSync(`${root}packages/client/dist/${file}`), file).toBe(true);
    }
    const exported = execFileSync(
      process.execPath,
      ["--input-type=module", "-e", 'const m = await import("@heed/client"); console.log(Object.keys(m).sort().join(","))'],
      {
        cwd: root,
        encoding: "utf8",
      },
    );
    expect(exported.trim()).toBe("HeedApiError,createHeedClient,createPortalClient,createSessionClient,paginate,verifyWebhook");
  }, 60_000);
});
