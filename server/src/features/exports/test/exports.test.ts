import { leasedFor } from "../../../platform/queue/index.js";
import { describe, expect, it } from "vitest";
import { exportPass } from "../index.js";
import { isoAt, nowMs } from "../../../platform/lib/clock.js";
import { useHarness } from "../../../../test/support/harness.js";
import { unzipText } from "../../../../test/support/unzip.js";

// The workspace's export: a job that writes every kind of object into a zip (JSON lines, CSV for
// spreadsheets with formulas made harmless, a manifest), downloaded by whoever may read it all.

const h = useHarness();

async function seeded() {
  const ws = await h.workspace();
  const key = await ws.key();
  const call = async (method: string, path: string, json?: unknown) => {
    const res = await h.call(method, path, { key, json });
    expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
    return res.body;
  };
  const boardId = await ws.boardId();
  const ada = (await call("POST", "/v1/users", { externalId: "ada", email: "ada@example.com", name: "Ada Lovelace" })).id as string;
  const bob = (await call("POST", "/v1/users", { externalId: "bob", email: "bob@example.com", name: '=HYPERLINK("http://evil.example")' })).id as string;
  const tag = (await call("POST", "/v1/tags", { name: "mobile" })).id as string;
  const dark = (await call("POST", "/v1/posts", { boardId, title: "Dark mode", body: "Please", authorId: ada })).id as string;
  const formula = (await call("POST", "/v1/posts", { boardId, title: "=1+2", body: "@SUM(A1:A2)" })).id as string;
  const gone = (await call("POST", "/v1/posts", { boardId, title: "Deleted idea" })).id as string;
  await call("POST", `/v1/posts/${dark}/tags`, { tagId: tag });
  for (const userId of [ada, bob]) await call("POST", `/v1/posts/${dark}/votes`, { userId });
  await call("POST", `/v1/posts/${formula}/votes`, { userId: bob });
  await call("POST", `/v1/posts/${dark}/comments`, { body: "On our list", internal: true });
  await call("DELETE", `/v1/posts/${gone}`);
  await call("POST", "/v1/changelog", { title: "Dark mode is here", type: "new", postIds: [dark] });
  return { ws, key, ada, bob, dark, formula, gone };
}

async function download(key: string, path: string) {
  const res = await fetch(`${h.url}${path}`, { headers: { authorization: `Bearer ${key}` } });
  return { res, bytes: Buffer.from(await res.arrayBuffer()) };
}

describe("exports", () => {
  it("writes the whole workspace into a zip of JSON lines and CSV, downloadable once done", async () => {
    const s = await seeded();
    const asked = await h.call("POST", "/v1/exports", { key: s.key });
    expect(asked.status, JSON.stringify(asked.body)).toBe(202);
    expect(asked.body).toMatchObject({ state: "queued", done: 0, downloadPath: null });
    expect(asked.body.total).toBeGreaterThan(0);
    // Asked again while it waits: the same export, not a second one.
    expect((await h.call("POST", "/v1/exports", { key: s.key })).body.id).toBe(asked.body.id);
    expect((await download(s.key, `/v1/exports/${asked.body.id}/download`)).res.status).toBe(409);
    // Written after the export was asked for: it stays out, with its vote.
    const later = (await h.call("POST", "/v1/posts", { key: s.key, json: { boardId: await s.ws.boardId(), title: "Written meanwhile" } })).body.id;
    await h.call("POST", `/v1/posts/${later}/votes`, { key: s.key, json: { userId: s.ada } });

    await exportPass(h.services);
    const done = (await h.call("GET", `/v1/exports/${asked.body.id}`, { key: s.key })).body;
    expect(done).toMatchObject({ state: "done", total: asked.body.total, done: asked.body.total, downloadPath: `/v1/exports/${asked.body.id}/download` });
    expect((await h.call("GET", "/v1/exports", { key: s.key })).body.data.map((e: { id: string }) => e.id)).toEqual([asked.body.id]);

    const { res, bytes } = await download(s.key, done.downloadPath);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/zip");
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="${s.ws.slug}-${asked.body.id}.zip"`);
    expect(bytes.length).toBe(done.bytes);
    const files = await unzipText(bytes);
    const lines = (name: string) =>
      files
        .get(name)!
        .trim()
        .split("\n")
        .filter(Boolean)
        .map((l) => JSON.parse(l));

    const manifest = JSON.parse(files.get("manifest.json")!);
    expect(manifest).toMatchObject({ format: "heed-export", version: 1, workspace: { id: s.ws.id, slug: s.ws.slug } });
    expect(manifest.files).toEqual(done.files);
    for (const [name, count] of Object.entries(manifest.files as Record<string, number>)) {
      if (name.endsWith(".jsonl")) expect(lines(name), name).toHaveLength(count);
    }
    const posts = lines("posts.jsonl");
    expect(posts.map((p) => p.title).sort()).toEqual(["=1+2", "Dark mode"]);
    expect(posts.find((p) => p.id === s.dark)).toMatchObject({ tags: ["mobile"], voteCount: 2, authorEmail: "ada@example.com", authorName: "Ada Lovelace" });
    expect(lines("votes.jsonl")).toHaveLength(3);
    expect(lines("comments.jsonl")).toMatchObject([{ postId: s.dark, body: "On our list", internal: true }]);
    expect(lines("changelog.jsonl")).toMatchObject([{ title: "Dark mode is here", postIds: [s.dark] }]);
    expect(
      lines("users.jsonl")
        .map((u) => u.externalId)
        .sort(),
    ).toEqual(["ada", "bob"]);
    expect(lines("statuses.jsonl").length).toBeGreaterThan(0);
    // The JSON keeps every value exactly; the CSV shows formulas as text.
    expect(files.get("posts.csv")).toContain("'=1+2");
    expect(files.get("posts.csv")).toContain("'@SUM(A1:A2)");
    expect(files.get("users.csv")).toContain(`"'=HYPERLINK(""http://evil.example"")"`);
    expect(files.get("votes.csv")!.trim().split("\n")).toHaveLength(4);
    expect(files.get("posts.csv")!.split("\n")[0]).toBe(
      "id,board,title,body,status,tags,author_id,author_email,author_name,vote_count,comment_count,merged_into_id,created_at",
    );
    // The trash and every secret stay out.
    const everything = [...files.values()].join("\n");
    expect(everything).not.toContain("Deleted idea");
    expect(everything).not.toContain("Written meanwhile");
    expect(everything).not.toContain(later);
    expect(everything).not.toMatch(/heed_sk_|password|identity_secret|scrypt/);

    const audit = await h.database.db.selectFrom("audit_log").select("action").where("object_id", "=", asked.body.id).orderBy("id").execute();
    expect(audit.map((a) => a.action)).toEqual(["export.created", "export.downloaded"]);
  });

  it("an export whose runner died starts over, and one past its day is gone", async () => {
    const s = await seeded();
    const asked = (await h.call("POST", "/v1/exports", { key: s.key })).body;
    // A runner took it, wrote a chunk, and stopped answering: its lease lapsed a minute ago.
    await h.database.db
      .updateTable("exports")
      .set({ state: "running", ...leasedFor(-60_000) })
      .where("id", "=", asked.id)
      .execute();
    await h.database.db
      .insertInto("export_chunks")
      .values({ export_id: asked.id, seq: 0, data: Buffer.from("half an archive") })
      .execute();
    await exportPass(h.services);
    const done = (await h.call("GET", `/v1/exports/${asked.id}`, { key: s.key })).body;
    expect(done.state).toBe("done");
    const files = await unzipText((await download(s.key, done.downloadPath)).bytes);
    expect(files.has("manifest.json")).toBe(true);

    await h.database.db
      .updateTable("exports")
      .set({ expires_at: isoAt(nowMs() - 1) })
      .where("id", "=", asked.id)
      .execute();
    const { purgeExpiredExports } = await import("../index.js");
    expect(await purgeExpiredExports(h.services)).toBeGreaterThanOrEqual(1);
    expect((await h.call("GET", `/v1/exports/${asked.id}`, { key: s.key })).status).toBe(404);
    expect(await h.database.db.selectFrom("export_chunks").select("seq").where("export_id", "=", asked.id).execute()).toEqual([]);
  });

  it("a read that fails marks the export failed, clears what it stored, and nothing else stops", async () => {
    const s = await seeded();
    // A row the export cannot read (traits that are not JSON): its file fails half-way.
    await h.database.db.updateTable("users").set({ traits: "{not json" }).where("id", "=", s.bob).execute();
    const asked = (await h.call("POST", "/v1/exports", { key: s.key })).body;
    await exportPass(h.services);
    const failed = (await h.call("GET", `/v1/exports/${asked.id}`, { key: s.key })).body;
    expect(failed).toMatchObject({ state: "failed", error: "The archive could not be written; ask for a new export.", downloadPath: null });
    expect(await h.database.db.selectFrom("export_chunks").select("seq").where("export_id", "=", asked.id).execute()).toEqual([]);
    expect((await download(s.key, `/v1/exports/${asked.id}/download`)).res.status).toBe(409);
    // Another can be asked for at once: a failed one does not hold the place.
    expect((await h.call("POST", "/v1/exports", { key: s.key })).body.id).not.toBe(asked.id);
  });

  it("is refused to whoever may not read everything, and another workspace's export is not found", async () => {
    const s = await seeded();
    const asked = (await h.call("POST", "/v1/exports", { key: s.key })).body;
    await exportPass(h.services);
    // The member role's scopes: no exports permission.
    const member = await s.ws.key(["posts:write", "comments:write", "votes:write", "changelog:write", "boards:read", "users:read", "analytics:read"]);
    expect((await h.call("POST", "/v1/exports", { key: member })).status).toBe(403);
    expect((await h.call("GET", `/v1/exports/${asked.id}`, { key: member })).status).toBe(403);
    expect((await download(member, `/v1/exports/${asked.id}/download`)).res.status).toBe(403);
    const readOnly = await s.ws.key(["exports:read"]);
    expect((await h.call("POST", "/v1/exports", { key: readOnly })).status).toBe(403);
    expect((await download(readOnly, `/v1/exports/${asked.id}/download`)).res.status).toBe(200);
    const stranger = await (await h.workspace()).key();
    expect((await h.call("GET", `/v1/exports/${asked.id}`, { key: stranger })).status).toBe(404);
    expect((await download(stranger, `/v1/exports/${asked.id}/download`)).res.status).toBe(404);
    expect((await h.call("GET", "/v1/exports/exp_nope", { key: s.key })).status).toBe(400);
    expect((await fetch(`${h.url}/v1/exports/${asked.id}/download`)).status).toBe(401);
  });
});
