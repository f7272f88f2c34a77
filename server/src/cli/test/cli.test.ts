import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { sha256Hex } from "../../platform/lib/secret-keys.js";
import { useHarness } from "../../../test/support/harness.js";
import { heed } from "../../../test/support/processes.js";
import { unzipText } from "../../../test/support/unzip.js";

const h = useHarness();

describe("the heed command", () => {
  // Eight runs of the command, one after another, each a Node process that loads the CLI: 30 s on
  // a slow two-core machine, as "explains bad arguments" below once took.
  it("creates a workspace and keys that the API accepts, lists and revokes them", { timeout: 120_000 }, async () => {
    const url = h.database.url;
    const slug = `cli-${Date.now().toString(36)}`;
    const workspace = await heed(["workspace", "create", "--slug", slug, "--name", "Acme Inc", "--json"], url);
    expect(workspace.code, workspace.stderr).toBe(0);
    const ws = JSON.parse(workspace.stdout);
    expect(ws).toMatchObject({ slug, name: "Acme Inc", id: expect.stringMatching(/^ws_/), publicKey: expect.stringMatching(/^heed_pk_/) });

    const statuses = await h.database.db.selectFrom("statuses").select(["name", "category"]).where("workspace_id", "=", ws.id).orderBy("position").execute();
    expect(statuses.map((s) => s.name)).toEqual(["Open", "Under review", "Planned", "In progress", "Complete", "Closed"]);
    const boards = await h.database.db.selectFrom("boards").select(["name", "visibility"]).where("workspace_id", "=", ws.id).execute();
    expect(boards).toEqual([{ name: "Feature requests", visibility: "public" }]);

    const created = await heed(["keys", "create", "--workspace", slug, "--name", "CI", "--scopes", "posts:read", "--json"], url);
    expect(created.code, created.stderr).toBe(0);
    const key = JSON.parse(created.stdout);
    expect(Object.keys(key).sort()).toEqual(["id", "key", "scopes"]);
    expect(key.scopes).toEqual(["posts:read"]);
    expect(created.stdout.trim().split("\n")).toHaveLength(1);

    expect((await h.call("GET", "/v1/posts", { key: key.key })).status).toBe(200);
    expect((await h.call("GET", "/v1/boards", { key: key.key })).status).toBe(403);

    const listed = await heed(["keys", "list", "--workspace", slug, "--json"], url);
    expect(listed.code, listed.stderr).toBe(0);
    expect(JSON.parse(listed.stdout).map((k: { id: string }) => k.id)).toEqual([key.id]);
    const human = await heed(["keys", "list", "--workspace", slug], url);
    expect(human.stdout).toContain(key.id);
    expect(human.stdout).not.toContain(key.key);

    const publicKey = await heed(["keys", "public", "--workspace", slug, "--json"], url);
    expect(publicKey.code, publicKey.stderr).toBe(0);
    expect(JSON.parse(publicKey.stdout)).toEqual({ key: ws.publicKey });

    const revoked = await heed(["keys", "revoke", key.id], url);
    expect(revoked.code, revoked.stderr).toBe(0);
    expect((await h.call("GET", "/v1/posts", { key: key.key })).status).toBe(401);
    const row = await h.database.db.selectFrom("api_keys").select(["key_hash", "revoked_at"]).where("id", "=", key.id).executeTakeFirstOrThrow();
    expect(row.key_hash).toBe(sha256Hex(key.key));
    expect(row.revoked_at).not.toBeNull();

    const full = JSON.parse((await heed(["keys", "create", "--workspace", slug, "--name", "all", "--scopes", "*", "--json"], url)).stdout);
    expect(full.scopes).toEqual(["*"]);
  });

  it("seeds realistic data whose counters equal its rows", async () => {
    const url = h.database.url;
    const slug = `seed-${Date.now().toString(36)}`;
    expect((await heed(["workspace", "create", "--slug", slug, "--name", "Seeded"], url)).code).toBe(0);
    const seeded = await heed(["seed", "--workspace", slug, "--posts", "300", "--votes", "3000", "--boards", "4", "--json"], url);
    expect(seeded.code, seeded.stderr).toBe(0);
    expect(JSON.parse(seeded.stdout)).toMatchObject({ posts: 300, votes: 3000, boards: 4 });

    const db = h.database.db;
    const ws = await db.selectFrom("workspaces").select("id").where("slug", "=", slug).executeTakeFirstOrThrow();
    const posts = await db.selectFrom("posts").select(["id", "vote_count", "comment_count", "trending_count"]).where("workspace_id", "=", ws.id).execute();
    const votes = await db.selectFrom("votes").select(["post_id", "created_at"]).where("workspace_id", "=", ws.id).execute();
    const comments = await db.selectFrom("comments").select("post_id").where("workspace_id", "=", ws.id).execute();
    const cutoff = new Date(Date.now() - 14 * 86_400_000).toISOString();
    for (const post of posts) {
      const mine = votes.filter((v) => v.post_id === post.id);
      expect(post.vote_count).toBe(mine.length);
      expect(post.trending_count).toBe(mine.filter((v) => v.created_at >= cutoff).length);
      expect(post.comment_count).toBe(comments.filter((c) => c.post_id === post.id).length);
    }
    const counts = posts.map((p) => p.vote_count).sort((a, b) => b - a);
    expect(counts[0]!).toBeGreaterThan(counts[Math.floor(counts.length / 2)]! * 5); // long tail
  });

  it("exports a workspace into a zip file, with a count of each kind of object", async () => {
    const url = h.database.url;
    const slug = `export-${Date.now().toString(36)}`;
    expect((await heed(["workspace", "create", "--slug", slug, "--name", "Exported"], url)).code).toBe(0);
    expect((await heed(["seed", "--workspace", slug, "--posts", "300", "--votes", "3000", "--boards", "2"], url)).code).toBe(0);
    const file = join(mkdtempSync(join(tmpdir(), "heed-export-")), "out.zip");
    const exported = await heed(["export", "--workspace", slug, "--output", file, "--json"], url);
    expect(exported.code, exported.stderr).toBe(0);
    const answer = JSON.parse(exported.stdout);
    expect(answer).toMatchObject({ file, files: { "posts.jsonl": 300, "posts.csv": 300, "votes.jsonl": 3000, "votes.csv": 3000 } });
    // The progress, on stderr: a line per tenth when it is not a terminal, ending at 100%.
    expect(exported.stderr.trim().split("\n").at(-1)).toMatch(/^100% {2}[\d,]+ of [\d,]+ rows$/);
    const zip = readFileSync(file);
    expect(zip.length).toBe(answer.bytes);
    const files = await unzipText(zip);
    expect(JSON.parse(files.get("manifest.json")!).files).toEqual(answer.files);
    expect(files.get("votes.csv")!.trim().split("\n")).toHaveLength(3001);
  });

  // Twelve runs of the command, one after another, each a Node process that starts and loads the
  // CLI: 24 s on a loaded two-core CI machine, which the 30 s default for one test once did not cover.
  it("explains bad arguments and exits non-zero", { timeout: 120_000 }, async () => {
    const url = h.database.url;
    const cases: [string[], number, RegExp][] = [
      [[], 2, /Usage: heed/],
      [["frobnicate"], 2, /unknown command/],
      [["workspace", "create", "--name", "x"], 2, /--slug is required/],
      [["workspace", "create", "--slug", "Bad Slug!", "--name", "x"], 1, /slug/],
      [["keys", "create", "--workspace", "nowhere", "--name", "x", "--scopes", "*"], 1, /No workspace/],
      [["keys", "create", "--workspace", "nowhere", "--name", "x", "--scopes", "posts:delete"], 2, /unknown scope/],
      [["keys", "revoke"], 2, /key id/],
      [["keys", "revoke", "key_nope"], 1, /No API key/],
      [["seed", "--workspace", "x", "--posts", "many", "--votes", "1"], 2, /--posts must be a whole number/],
      [["keys", "list", "--workspace", "x", "--bogus"], 2, /Unknown option/],
    ];
    for (const [args, code, message] of cases) {
      const result = await heed(args, url);
      expect(result.code, args.join(" ")).toBe(code);
      expect(result.stderr, args.join(" ")).toMatch(message);
      expect(result.stdout, args.join(" ")).toBe("");
    }
    const slug = `dup-${Date.now().toString(36)}`;
    expect((await heed(["workspace", "create", "--slug", slug, "--name", "One"], url)).code).toBe(0);
    const duplicate = await heed(["workspace", "create", "--slug", slug, "--name", "Two"], url);
    expect(duplicate.code).toBe(1);
    expect(duplicate.stderr).toMatch(/exists already/);
  });
});
