import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { useHarness } from "./support/harness.js";
import { ROOT } from "./support/processes.js";

// The API's surface as a reviewed table: every operation of the served document, one line of
// `METHOD path operationId credential scope`. A route added, removed, renamed, or given another
// credential or scope changes server/test/operations.txt in the same commit, where review sees it.
// After a deliberate change: HEED_WRITE_OPERATIONS=1 npx vitest run server/test/operations-table.test.ts

const TABLE = `${ROOT}server/test/operations.txt`;
const h = useHarness();

type Security = Record<string, string[]>[];

function credential(security: Security): string {
  if (security.length === 0) return "none";
  if (security.every((s) => Object.keys(s).join() === "session")) return "session";
  if (!security.some((s) => "publicKey" in s)) {
    const kinds = security.map((s) => Object.keys(s).join("+")).join("|");
    return `${kinds === "apiKey|session" ? "secret" : kinds} ${security[0]?.apiKey?.[0] ?? "?"}`;
  }
  const withToken = security.filter((s) => "userToken" in s).length;
  return withToken === 0 ? "public" : withToken === security.length ? "public+user-token" : "public+optional-user-token";
}

function sourcesUnder(folder: string): string {
  return (readdirSync(`${ROOT}${folder}`, { recursive: true }) as string[])
    .filter((file) => file.endsWith(".ts"))
    .map((file) => readFileSync(`${ROOT}${folder}/${file}`, "utf8"))
    .join("\n");
}

describe("the operations table", () => {
  it("matches the committed, reviewed table", async () => {
    const doc = (await h.call("GET", "/openapi.json")).body as { paths: Record<string, Record<string, { operationId: string; security: Security }>> };
    const rows = Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.entries(item).map(([method, op]) => [method.toUpperCase(), path, op.operationId, credential(op.security)].join(" ")),
    );
    const table = `${rows.join("\n")}\n`;
    if (process.env.HEED_WRITE_OPERATIONS === "1") writeFileSync(TABLE, table);
    expect(table).toBe(readFileSync(TABLE, "utf8"));
  });

  it("names each operation's route and domain verb after its operationId, so `git grep <operationId>` finds both", () => {
    const operationIds = readFileSync(TABLE, "utf8")
      .trim()
      .split("\n")
      .map((row) => row.split(" ")[2]!);
    const core = sourcesUnder("server/src/core");
    expect(operationIds.filter((id) => !new RegExp(`export (async )?function ${id}\\b`).test(core))).toEqual([]);
    // The declaration names its export and its operationId together: `<id>Operation = defineOperation({ … operationId: "<id>"`.
    const routes = sourcesUnder("server/src/routes");
    const declared = [...routes.matchAll(/export const (\w+)Operation = defineOperation\(\s*\{[^()]*?operationId: "(\w+)"/g)];
    expect(declared.filter(([, name, id]) => name !== id).map(([, name, id]) => `${name}Operation declares ${id}`)).toEqual([]);
    expect(declared.map(([, , id]) => id).sort()).toEqual([...operationIds].sort());
  });
});
