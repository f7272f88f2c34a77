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
  // A provider's webhook: its signature over the body, no Heed credential.
  if (security.length === 1 && Object.keys(security[0]!).every((k) => k.endsWith("Signature"))) return `signed ${Object.keys(security[0]!).join("+")}`;
  if (security.every((s) => Object.keys(s).join() === "session")) return "session";
  if (!security.some((s) => "publicKey" in s)) {
    const kinds = security.map((s) => Object.keys(s).join("+")).join("|");
    return `${kinds === "apiKey|session" ? "secret" : kinds} ${security[0]?.apiKey?.[0] ?? "?"}`;
  }
  const withToken = security.filter((s) => "userToken" in s).length;
  return withToken === 0 ? "public" : withToken === security.length ? "public+user-token" : "public+optional-user-token";
}

/** Every .ts file of code under a folder, by its path from the repository's root: the tests beside the code (test/ folders) are left out. */
function sourcesUnder(folder: string): Map<string, string> {
  return new Map(
    (readdirSync(`${ROOT}${folder}`, { recursive: true }) as string[])
      .filter((file) => file.endsWith(".ts") && !/(^|\/)test\//.test(file))
      .map((file) => [`${folder}/${file}`, readFileSync(`${ROOT}${folder}/${file}`, "utf8")]),
  );
}

/** Code without its comments and strings, so that "identify" in prose or in the path /v1/identify is not a mention. */
function codeOnly(source: string): string {
  return source
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .replace(/(^|[^:"'`])\/\/.*$/gm, "$1")
    .replace(/"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'|`(?:[^`\\]|\\.)*`/g, '""');
}

/** The feature folder a file lives in, or null outside server/src/features. */
function featureOf(path: string): string | null {
  return /^server\/src\/features\/([^/]+)\//.exec(path)?.[1] ?? null;
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

  it("names each operation's route and domain verb after its operationId, both in one feature folder, so `git grep <operationId>` lands there", () => {
    const operationIds = readFileSync(TABLE, "utf8")
      .trim()
      .split("\n")
      .map((row) => row.split(" ")[2]!);
    const sources = sourcesUnder("server/src");
    const where = (pattern: (id: string) => RegExp) => (id: string) => [...sources].filter(([, source]) => pattern(id).test(source)).map(([path]) => path);
    const verbOf = where((id) => new RegExp(`export (async )?function ${id}\\b`));
    const routeOf = where((id) => new RegExp(`operationId: "${id}"`));
    expect(operationIds.filter((id) => verbOf(id).length !== 1)).toEqual([]);
    // The declaration names its export and its operationId together: `<id>Operation = defineOperation({ … operationId: "<id>"`.
    const declared = [...sources.values()].flatMap((source) => [
      ...source.matchAll(/export const (\w+)Operation = defineOperation\(\s*\{[^()]*?operationId: "(\w+)"/g),
    ]);
    expect(declared.filter(([, name, id]) => name !== id).map(([, name, id]) => `${name}Operation declares ${id}`)).toEqual([]);
    expect(declared.map(([, , id]) => id).sort()).toEqual([...operationIds].sort());

    // One operation, one feature folder: its route, its verb and every other mention in code live
    // in server/src/features/<feature>/. Another feature may call the verb through that feature's
    // index.ts (the portal signs a visitor in with `identify`), or its verbs.ts (bulk jobs change
    // posts through `changePostStatus`); the `heed` command (server/src/cli)
    // is a client of the verbs, as a route is, and the browser scripts (features/*/browser) are
    // clients of the API over HTTP (the widget's own `identify` and `track`).
    const misplaced = operationIds.flatMap((id) => {
      const feature = featureOf(verbOf(id)[0] ?? "");
      const throughIndex = new RegExp(`import \\{[^}]*\\b${id}\\b[^}]*\\} from "[./]*${feature}/(index|verbs)\\.js"`);
      const mentions = [...sources]
        .filter(([path, source]) => !path.startsWith("server/src/cli/") && !/\/browser\//.test(path) && !throughIndex.test(source))
        // A method of another object (an SDK's `issues.createComment`) is not the verb.
        .filter(([, source]) => new RegExp(`(?<!\\.)\\b${id}\\b`).test(codeOnly(source)))
        .map(([path]) => path);
      const elsewhere = [...routeOf(id), ...mentions].filter((path) => featureOf(path) !== feature || feature === null);
      return elsewhere.length ? [`${id} (${feature}): ${[...new Set(elsewhere)].join(", ")}`] : [];
    });
    expect(misplaced).toEqual([]);
  });
});
