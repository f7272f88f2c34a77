import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { renderSchema, SCHEMA_FILE } from "../../scripts/render-schema.js";

// The committed types are what the server's routes produce now: the client cannot drift.
describe("packages/client/src/schema.ts", () => {
  it("is what `npm run client:generate` makes of the server's OpenAPI document", async () => {
    const committed = readFileSync(SCHEMA_FILE, "utf8");
    expect(committed === (await renderSchema()), "packages/client/src/schema.ts is stale: run `npm run client:generate` and commit it").toBe(true);
  });
});
