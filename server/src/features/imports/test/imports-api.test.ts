import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importPass } from "../index.js";
import { duplicateCheckPass } from "../../posts/index.js";
import { leasedFor } from "../../../platform/queue/index.js";
import { cannyWorkspace, type FakeCanny, startFakeCanny } from "../../../../test/support/canny.js";
import { useHarness } from "../../../../test/support/harness.js";

// Imports through /v1 as the dashboard and scripts use them: files uploaded as they stream, an
// import job run by the background runner, followed, cancelled and undone; Canny's key used by
// the runner and never shown again.

const h = useHarness();
const FIXTURES = join(import.meta.dirname, "fixtures");
let canny: FakeCanny;
beforeAll(async () => {
  canny = await startFakeCanny(cannyWorkspace({ posts: 40, votes: 200, users: 30 }), "the-canny-key");
});
afterAll(() => canny.close());

async function upload(key: string, name: string, body: string | Uint8Array) {
  const res = await fetch(`${h.url}/v1/imports/uploads?name=${encodeURIComponent(name)}`, {
    method: "POST",
    headers: { authorization: `Bearer ${key}`, "content-type": "text/csv" },
    body: typeof body === "string" ? body : new Blob([new Uint8Array(body)]),
  });
  return { status: res.status, body: await res.json() };
}

describe("imports through the API", () => {
  it("uploads files, dry-runs them with a preview, imports, reuses the mapping, and undoes", async () => {
    const ws = await h.workspace();
    const key = await ws.key(["imports:write"]);
    const ideas = await upload(key, "ideas.csv", readFileSync(join(FIXTURES, "uservoice-ideas.csv")));
    expect(ideas.status, JSON.stringify(ideas.body)).toBe(201);
    expect(ideas.body).toMatchObject({
      id: expect.stringMatching(/^upl_/),
      name: "ideas.csv",
      bytes: readFileSync(join(FIXTURES, "uservoice-ideas.csv")).length,
    });
    const voters = (await upload(key, "voters.csv", readFileSync(join(FIXTURES, "uservoice-voters.csv")))).body;

    const dry = await h.call("POST", "/v1/imports", {
      key,
      json: { source: "uservoice", files: { posts: ideas.body.id, votes: voters.id }, dryRun: true, preview: 2 },
    });
    expect(dry.status, JSON.stringify(dry.body)).toBe(202);
    expect(dry.body).toMatchObject({ state: "queued", dryRun: true, files: { posts: ideas.body.id, votes: voters.id } });
    await importPass(h.services);
    const report = (await h.call("GET", `/v1/imports/${dry.body.id}`, { key })).body;
    expect(report).toMatchObject({ state: "done", report: { kinds: { posts: { created: 4 }, votes: { created: 6 } } } });
    expect(report.report.preview.posts).toHaveLength(2);

    const real = await h.call("POST", "/v1/imports", { key, json: { source: "uservoice", files: { posts: ideas.body.id, votes: voters.id } } });
    await importPass(h.services);
    expect((await h.call("GET", `/v1/imports/${real.body.id}`, { key })).body).toMatchObject({ state: "done", phase: "finishing" });
    const posts = await h.call("GET", "/v1/posts?limit=10", { key: await ws.key() });
    expect(posts.body.data.map((p: { title: string }) => p.title)).toContain("Export to PDF");

    // A mapped CSV, then the same mapping reused by naming the import that used it.
    const sheet = await upload(key, "sheet.csv", "Key,Summary\nA-1,Keyboard shortcuts\n");
    const mapped = await h.call("POST", "/v1/imports", {
      key,
      json: { source: "csv", files: { posts: sheet.body.id }, mapping: { posts: { ref: "Key", title: "Summary" } } },
    });
    expect(mapped.body.mapping).toMatchObject({ posts: { ref: "Key", title: "Summary" } });
    const sheet2 = await upload(key, "sheet2.csv", "Key,Summary\nA-2,Vim mode\n");
    const reused = await h.call("POST", "/v1/imports", { key, json: { source: "csv", files: { posts: sheet2.body.id }, mappingFrom: mapped.body.id } });
    expect(reused.body.mapping).toEqual(mapped.body.mapping);
    await importPass(h.services);
    expect((await h.call("GET", `/v1/imports/${reused.body.id}`, { key })).body.report.kinds.posts.created).toBe(1);
    const list = (await h.call("GET", "/v1/imports?limit=10", { key })).body.data.map((i: { id: string }) => i.id);
    expect(list).toEqual([reused.body.id, mapped.body.id, real.body.id, dry.body.id]);

    // Undone in the background; a dry run has nothing to undo.
    expect((await h.call("POST", `/v1/imports/${dry.body.id}/undo`, { key })).status).toBe(409);
    const undoing = await h.call("POST", `/v1/imports/${real.body.id}/undo`, { key });
    expect(undoing.status, JSON.stringify(undoing.body)).toBe(202);
    expect(undoing.body.state).toBe("undoing");
    await importPass(h.services);
    expect((await h.call("GET", `/v1/imports/${real.body.id}`, { key })).body).toMatchObject({ state: "undone", undoneAt: expect.any(String) });
    expect((await h.call("POST", `/v1/imports/${real.body.id}/undo`, { key })).status).toBe(409);
  });

  it("imports from Canny with a key it never shows, at the server's Canny address only", async () => {
    const ws = await h.workspace();
    const key = await ws.key(["imports:write"]);
    h.services.cannyBaseUrl = canny.url;
    // No base URL is taken from the caller: an import cannot be pointed at another address.
    const elsewhere = await h.call("POST", "/v1/imports", { key, json: { source: "canny", apiKey: "the-canny-key", baseUrl: "http://127.0.0.1:5432" } });
    expect(elsewhere.status).toBe(400);
    const asked = await h.call("POST", "/v1/imports", { key, json: { source: "canny", apiKey: "the-canny-key" } });
    expect(asked.status, JSON.stringify(asked.body)).toBe(202);
    expect(JSON.stringify(asked.body)).not.toContain("the-canny-key");
    await importPass(h.services);
    const done = (await h.call("GET", `/v1/imports/${asked.body.id}`, { key })).body;
    expect(done.state, done.error).toBe("done");
    expect(done.report.kinds.posts.created).toBeGreaterThanOrEqual(40);
    expect(JSON.stringify(done)).not.toContain("the-canny-key");
    const row = await h.services.db.selectFrom("imports").select("secret").where("id", "=", asked.body.id).executeTakeFirstOrThrow();
    expect(row.secret).toBeNull();
    const audit = await h.services.db.selectFrom("audit_log").select("data").where("object_id", "=", asked.body.id).execute();
    expect(JSON.stringify(audit)).not.toContain("the-canny-key");
  });

  it("cancels a queued import, refuses an oversized upload, and clears up after a runner that died", async () => {
    const ws = await h.workspace();
    const key = await ws.key(["imports:write"]);
    const file = (await upload(key, "posts.csv", "id,title\n1,One\n")).body;
    const queued = await h.call("POST", "/v1/imports", { key, json: { source: "csv", files: { posts: file.id } } });
    const cancelled = await h.call("POST", `/v1/imports/${queued.body.id}/cancel`, { key });
    expect(cancelled.body).toMatchObject({ state: "cancelled" });
    expect((await h.call("POST", `/v1/imports/${queued.body.id}/cancel`, { key })).status).toBe(409);
    await importPass(h.services);
    expect((await h.call("GET", `/v1/imports/${queued.body.id}`, { key })).body.state).toBe("cancelled");

    h.services.importFileLimitBytes = 1_000;
    try {
      const big = await upload(key, "big.csv", `id,title\n${"1,x\n".repeat(1_000)}`);
      expect(big.status).toBe(413);
      expect(big.body.code).toBe("payload_too_large");
      expect(await h.services.db.selectFrom("import_uploads").select("id").where("workspace_id", "=", ws.id).where("name", "=", "big.csv").execute()).toEqual(
        [],
      );
    } finally {
      h.services.importFileLimitBytes = undefined;
    }
    // An unknown upload, or another workspace's, is an unknown reference.
    const other = await h.workspace();
    const theirs = (await upload(await other.key(), "x.csv", "id,title\n1,x\n")).body;
    const refused = await h.call("POST", "/v1/imports", { key, json: { source: "csv", files: { posts: theirs.id } } });
    expect(refused.status).toBe(400);
    expect(refused.body.errors[0]).toMatchObject({ pointer: "/files/posts", code: "unknown_reference" });

    // A runner died half-way: once its lease lapses, what it wrote goes and the import fails.
    const started = await h.call("POST", "/v1/imports", { key, json: { source: "csv", files: { posts: file.id } } });
    await importPass(h.services);
    await h.services.db
      .updateTable("imports")
      .set({ state: "running", ...leasedFor(-1000) })
      .where("id", "=", started.body.id)
      .execute();
    await importPass(h.services);
    expect((await h.call("GET", `/v1/imports/${started.body.id}`, { key })).body).toMatchObject({
      state: "failed",
      error: expect.stringContaining("interrupted"),
    });
    const left = await h.services.db.selectFrom("posts").select("id").where("workspace_id", "=", ws.id).where("title", "=", "One").execute();
    expect(left).toEqual([]);
  });

  it("finds the duplicates among what was imported, as among posts written through the API", async () => {
    const ws = await h.workspace();
    const key = await ws.key(["imports:write", "posts:read"]);
    const sheet = "id,title\n1,Allow CSV export\n2,Dark mode\n3,Allow CSV export\n";
    const file = (await upload(key, "posts.csv", sheet)).body;
    const imported = await h.call("POST", "/v1/imports", { key, json: { source: "csv", files: { posts: file.id } } });
    expect(imported.status, JSON.stringify(imported.body)).toBe(202);
    await importPass(h.services);
    expect((await h.call("GET", `/v1/imports/${imported.body.id}`, { key })).body.state).toBe("done");
    await duplicateCheckPass(h.services);
    const marked = (await h.call("GET", "/v1/posts?possibleDuplicate=true", { key })).body.data;
    expect(marked.map((p: { title: string; possibleDuplicateOf: { title: string } }) => [p.title, p.possibleDuplicateOf.title])).toEqual([
      ["Allow CSV export", "Allow CSV export"],
    ]);
  });
});
