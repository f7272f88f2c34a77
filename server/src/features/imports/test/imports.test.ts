import { mkdtempSync, readFileSync, truncateSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { describeImport, importCsv, type CsvImportOptions } from "../../../cli/import.js";
import { seedWorkspace } from "../../../cli/seed/bulk.js";
import { exportPass } from "../../exports/index.js";
import { undoImport } from "../undo/undo.js";
import type { ImportView } from "../view.js";
import type { Ctx } from "../../../platform/context.js";
import { HeedError } from "../../../platform/errors.js";
import { useHarness } from "../../../../test/support/harness.js";
import { importWorkspace, undoNow } from "../../../../test/support/imports.js";
import { unzipText } from "../../../../test/support/unzip.js";

// Imports from CSV: Heed's own export (which must import back), UserVoice's export columns, and any
// CSV through a mapping. Each lands in chunks, reports every problem by row and field, changes
// nothing when run again, leaves nothing behind when its source breaks half-way, and can be undone
// while nothing has been built on it.

const h = useHarness();

const undo = (ctx: Ctx, id: string) => undoNow(h, ctx, id);
const FIXTURES = join(import.meta.dirname, "fixtures");

const workspace = () => importWorkspace(h);

function folder(files: Record<string, string | Buffer>): string {
  const dir = mkdtempSync(join(tmpdir(), "heed-import-"));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
}

const run = (ctx: Ctx, options: Partial<CsvImportOptions> & { dir?: string }, limit?: number) =>
  importCsv(ctx, { source: "csv", files: {}, dryRun: false, ...options }, limit);

const problem = (view: ImportView, code: string) => view.report.problems.find((p) => p.code === code);

const POSTS = `id,board,title,body,status,tags,author_id,author_email,author_name,vote_count,comment_count,merged_into_id,created_at
p1,feature-requests,Dark mode,Please add dark mode,Planned,"ui, theme",u1,,,2,0,,2024-01-02T10:00:00.000Z
p2,feature-requests,Night theme,Same as dark mode,Open,,u2,,,1,0,p1,2024-01-03T10:00:00.000Z
p3,Bugs,"'=HYPERLINK(""http://evil.example"")",A formula Heed's export neutralised,Shipped,,,,,0,0,,2024-02-01 09:00:00
p4,Bugs,,A row without a title,,,,,,0,0,,
p1,Bugs,The same id again,,,,,,,0,0,,
`;
const VOTES = `post_id,user_id,created_at
p1,u1,2024-01-05T00:00:00Z
p1,u2,2024-01-06T00:00:00Z
p2,u2,2024-01-05T00:00:00Z
p2,u3,2024-01-07T00:00:00Z
p9,u1,2024-01-05T00:00:00Z
p1,u1,2024-01-05T00:00:00Z
`;
const USERS = `id,external_id,email,name,company_id,created_at
u1,,ann@example.com,Ann Example,,2023-01-01T00:00:00Z
u2,ext-2,bob@example.com,Bob,c404,2023-01-01T00:00:00Z
u3,,not-an-email,Cy,,2023-02-01T00:00:00Z
`;

describe("imports from CSV", () => {
  it("dry-runs, imports, re-runs to no change and undoes a batch, reporting every problem by row", async () => {
    const { ws, ctx, count, post } = await workspace();
    // Ann is a customer Heed knows already (identified, no name yet): the import matches her by email.
    const key = await ws.key();
    const ann = (await h.call("POST", "/v1/users", { key, json: { externalId: "crm-ann", email: "Ann@Example.com" } })).body.id as string;
    const before = { posts: await count("posts"), votes: await count("votes"), users: await count("users"), outbox: await count("outbox") };
    const dir = folder({ "posts.csv": POSTS, "votes.csv": VOTES, "users.csv": USERS });

    const dry = await run(ctx, { dir, dryRun: true, preview: 2 });
    expect(dry).toMatchObject({ state: "done", dryRun: true });
    expect(dry.report.kinds).toMatchObject({
      users: { created: 2, updated: 1, skipped: 0 },
      posts: { created: 3, skipped: 2 },
      votes: { created: 4, skipped: 2 },
    });
    expect(dry.report.preview?.posts).toHaveLength(2);
    expect({ posts: await count("posts"), votes: await count("votes"), users: await count("users") }).toEqual({
      posts: before.posts,
      votes: before.votes,
      users: before.users,
    });

    const done = await run(ctx, { dir });
    expect(done.state).toBe("done");
    // The dry run said what the import did.
    expect(done.report.kinds).toEqual(dry.report.kinds);
    expect(problem(done, "missing_title")).toMatchObject({
      kind: "posts",
      outcome: "skipped",
      count: 1,
      examples: [{ file: "posts.csv", row: 5, field: "title" }],
    });
    expect(problem(done, "duplicate_id")).toMatchObject({ count: 1, examples: [{ row: 6, value: "p1" }] });
    expect(problem(done, "post_not_found")).toMatchObject({ kind: "votes", count: 1, examples: [{ file: "votes.csv", row: 6, value: "p9" }] });
    expect(problem(done, "already_voted")).toMatchObject({ kind: "votes", count: 1, examples: [{ row: 7 }] });
    expect(problem(done, "company_not_found")).toMatchObject({ kind: "users", outcome: "kept", examples: [{ value: "c404" }] });
    expect(problem(done, "invalid_email")).toMatchObject({ outcome: "kept", examples: [{ row: 4 }] });
    expect(describeImport(done)).toContain("votes skipped ×1 post_not_found");

    // Merged as in the source, votes pooled: Cy's vote moved to Dark mode, Bob's stays on both.
    const dark = await post("Dark mode");
    const night = await post("Night theme");
    expect(night.merged_into_id).toBe(dark.id);
    expect({ votes: Number(dark.vote_count), last: dark.last_activity_at, created: dark.created_at }).toEqual({
      votes: 3,
      last: "2024-01-07T00:00:00.000Z",
      created: "2024-01-02T10:00:00.000Z",
    });
    expect(dark.seen_at).not.toBeNull();
    // Heed's export put an apostrophe before the formula; the title comes back as it was, as text.
    expect((await post('=HYPERLINK("http://evil.example")')).body).toBe("A formula Heed's export neutralised");
    const shipped = await h.services.db
      .selectFrom("statuses")
      .select(["category"])
      .where("workspace_id", "=", ws.id)
      .where("name", "=", "Shipped")
      .executeTakeFirstOrThrow();
    expect(shipped.category).toBe("complete");
    const annNow = await h.services.db.selectFrom("users").select(["name", "external_id"]).where("id", "=", ann).executeTakeFirstOrThrow();
    expect(annNow).toEqual({ name: "Ann Example", external_id: "crm-ann" });
    // Voters follow what they voted on, so they hear of what happens next; nobody was told of the past.
    const followers = await h.services.db.selectFrom("post_followers").select("follower_id").where("post_id", "=", dark.id).execute();
    expect(followers.map((f) => f.follower_id)).toContain(ann);
    expect(await count("notification_events")).toBe(0);
    expect(await count("outbox")).toBe(before.outbox);
    // The three posts it made wait for their duplicate check, as posts written through the API do.
    expect(await count("duplicate_checks")).toBe(3);
    const searched = await h.call("GET", "/v1/posts?q=dark", { key });
    expect(searched.body.data.map((p: { title: string }) => p.title)).toContain("Dark mode");

    const again = await run(ctx, { dir });
    expect(again.report.kinds).toMatchObject({
      users: { created: 0, updated: 0, skipped: 3 },
      posts: { created: 0, skipped: 5 },
      votes: { created: 0, skipped: 6 },
    });
    expect(problem(again, "already_imported")?.count).toBeGreaterThan(0);
    expect(await count("votes")).toBe(before.votes + 4);

    // Undo the later (empty) batch, then the first: everything it made goes; Ann stays, as she was found.
    await undo(ctx, again.id);
    const undone = await undo(ctx, done.id);
    expect(undone).toMatchObject({ state: "undone" });
    expect({ posts: await count("posts"), votes: await count("votes"), users: await count("users") }).toEqual({
      posts: before.posts,
      votes: before.votes,
      users: before.users,
    });
    expect(
      await h.services.db.selectFrom("statuses").select("id").where("workspace_id", "=", ws.id).where("name", "=", "Shipped").executeTakeFirst(),
    ).toBeUndefined();
    const audit = await h.services.db.selectFrom("audit_log").select("action").where("workspace_id", "=", ws.id).where("object_type", "=", "import").execute();
    expect(audit.map((a) => a.action).sort()).toEqual(
      [
        "import.completed",
        "import.completed",
        "import.completed",
        "import.created",
        "import.created",
        "import.created",
        "import.undone",
        "import.undone",
      ].sort(),
    );
    // Undone, the same files import afresh.
    expect((await run(ctx, { dir })).report.kinds.posts.created).toBe(3);
  });

  it("refuses to undo a batch once something is built on it, saying what", async () => {
    const { ws, ctx, post } = await workspace();
    const done = await run(ctx, { dir: folder({ "posts.csv": POSTS, "votes.csv": VOTES, "users.csv": USERS }) });
    const key = await ws.key();
    const voter = (await h.call("POST", "/v1/users", { key, json: { externalId: "later" } })).body.id as string;
    expect((await h.call("POST", `/v1/posts/${(await post("Dark mode")).id}/votes`, { key, json: { userId: voter } })).status).toBe(201);
    const refused = await undoImport({ ctx, input: { id: done.id } }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(HeedError);
    expect((refused as HeedError).extra?.builtOn).toEqual([{ what: "votes cast on its posts outside the import", count: 1 }]);
    expect(await undoImport({ ctx, input: { id: "imp_00000000000000000000000000" } }).catch((e: HeedError) => e.code)).toBe("not_found");
  });

  it("imports UserVoice's export columns: forums as boards, categories and labels as tags, merges, voters as people", async () => {
    const { ws, ctx, post } = await workspace();
    const done = await importCsv(ctx, {
      source: "uservoice",
      files: { posts: join(FIXTURES, "uservoice-ideas.csv"), votes: join(FIXTURES, "uservoice-voters.csv") },
      dryRun: false,
    });
    expect(done.report.kinds).toMatchObject({ posts: { created: 4 }, votes: { created: 6, skipped: 1 }, users: { created: 4 } });
    const pdf = await post("Export to PDF");
    expect(pdf.created_at).toBe("2019-03-04T12:00:00.000Z");
    expect(pdf.body).toBe('Our finance team needs PDFs, with "totals".');
    expect(Number(pdf.vote_count)).toBe(3);
    expect((await post("PDF export please")).merged_into_id).toBe(pdf.id);
    expect((await post("Mobile app")).body).toBe("An app for phones\non two lines");
    const tags = await h.services.db
      .selectFrom("post_tags as pt")
      .innerJoin("tags as t", "t.id", "pt.tag_id")
      .select("t.name")
      .where("pt.post_id", "=", pdf.id)
      .execute();
    expect(tags.map((t) => t.name).sort()).toEqual(["Reporting", "enterprise", "finance"]);
    const boards = await h.services.db.selectFrom("boards").select("name").where("workspace_id", "=", ws.id).execute();
    expect(boards.map((b) => b.name)).toEqual(expect.arrayContaining(["Product ideas", "Mobile"]));
    const statuses = await h.services.db
      .selectFrom("statuses")
      .select(["name", "category"])
      .where("workspace_id", "=", ws.id)
      .where("name", "in", ["completed", "declined"])
      .orderBy("name")
      .execute();
    expect(statuses).toEqual([
      { name: "completed", category: "complete" },
      { name: "declined", category: "closed" },
    ]);
    const mia = await h.services.db
      .selectFrom("users")
      .select(["name", "external_id"])
      .where("workspace_id", "=", ws.id)
      .where("email", "=", "mia@example.com")
      .execute();
    expect(mia).toEqual([{ name: "Mia Wong", external_id: "uservoice:501" }]);
  });

  it("imports any CSV through a mapping, with a preview of the rows as they land", async () => {
    const { ctx, post } = await workspace();
    const dir = folder({
      "requests.csv":
        "Ticket,Subject,Details,Area,Requested by,When\nT-1,Bulk edit,Edit many rows at once,Spreadsheet,zoe@example.com,03/04/2022\nT-2,Undo,Undo the last change,,,\n",
      "mapping.json": JSON.stringify({
        posts: { ref: "Ticket", title: "Subject", body: "Details", board: "Area", authorEmail: "Requested by", createdAt: "When" },
      }),
    });
    const dry = await importCsv(ctx, {
      source: "csv",
      files: { posts: join(dir, "requests.csv") },
      mapping: join(dir, "mapping.json"),
      dryRun: true,
      preview: 5,
    });
    expect(dry.report.preview?.posts).toEqual([
      expect.objectContaining({ ref: "T-1", title: "Bulk edit", board: "Spreadsheet" }),
      expect.objectContaining({ ref: "T-2", title: "Undo", board: "Imported" }),
    ]);
    // The author is nobody the workspace knows; "03/04/2022" is 3 April or 4 March: the import asks which.
    expect(problem(dry, "author_not_found")).toMatchObject({ outcome: "kept", examples: [{ row: 2, value: "zoe@example.com" }] });
    expect(problem(dry, "missing_board")).toMatchObject({ outcome: "kept", examples: [{ row: 3 }] });
    expect(problem(dry, "ambiguous_date")).toMatchObject({ outcome: "blocking", examples: [{ row: 2, value: "03/04/2022" }] });
    const done = await importCsv(ctx, {
      source: "csv",
      files: { posts: join(dir, "requests.csv") },
      mapping: join(dir, "mapping.json"),
      dateFormats: ["dayMonthYear"],
      dryRun: false,
    });
    expect(done.report.kinds.posts.created).toBe(2);
    expect(await post("Bulk edit")).toMatchObject({ body: "Edit many rows at once", created_at: "2022-04-03T00:00:00.000Z" });
  });

  it("refuses hostile files with a clear report, and leaves nothing half-imported", async () => {
    const { ctx, count } = await workspace();
    const posts = await count("posts");
    const failed = async (files: Record<string, string | Buffer>, limit?: number) => {
      const view = await run(ctx, { dir: folder(files) }, limit);
      expect(view.state).toBe("failed");
      expect(await count("posts")).toBe(posts);
      return view.error;
    };
    // Posts land first, then the votes file turns out not to be UTF-8: the posts are taken out again.
    const latin1 = Buffer.concat([Buffer.from("post_id,user_id,created_at\np1,u1,"), Buffer.from([0x32, 0x30, 0xe9, 0x0a])]);
    expect(await failed({ "posts.csv": POSTS, "users.csv": USERS, "votes.csv": latin1 })).toMatch(/^votes\.csv is not UTF-8 near byte \d+/);
    expect(await failed({ "posts.csv": Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from("i\0d\0", "latin1")]) })).toMatch(/UTF-16/);
    expect(await failed({ "posts.csv": 'id,title\np1,"an unclosed quote\n' })).toMatch(/^posts\.csv is not valid CSV/);
    expect(await failed({ "posts.csv": "id,name\np1,x\n" })).toMatch(/has no column "title"/);
    expect(await failed({ "posts.csv": POSTS }, 100)).toMatch(/over the 100-byte limit/);
    // A 500 MB file is refused before a byte of it is read.
    const dir = folder({});
    const huge = join(dir, "posts.csv");
    writeFileSync(huge, "");
    truncateSync(huge, 500 * 1024 * 1024);
    const refused = await run(ctx, { files: { posts: huge } });
    expect(refused.error).toMatch(/posts\.csv is 524288000 bytes, over the 268435456-byte limit/);
  });

  it("round-trips an export through the CSV importer to the same counts", async () => {
    const source = await workspace();
    await seedWorkspace(h.services.db, source.ws, { posts: 300, votes: 3_000, seed: 7 });
    const key = await source.ws.key();
    const asked = (await h.call("POST", "/v1/exports", { key })).body;
    await exportPass(h.services);
    const zip = Buffer.from(await (await fetch(`${h.url}/v1/exports/${asked.id}/download`, { headers: { authorization: `Bearer ${key}` } })).arrayBuffer());
    const files = await unzipText(zip);
    const dir = folder({ "posts.csv": files.get("posts.csv")!, "votes.csv": files.get("votes.csv")!, "users.csv": files.get("users.csv")! });

    const target = await workspace();
    const done = await run(target.ctx, { dir });
    expect(done.state).toBe("done");
    expect(done.report.problems.filter((p) => p.outcome === "skipped")).toEqual([]);
    expect({ posts: await target.count("posts"), votes: await target.count("votes"), users: await target.count("users") }).toEqual({
      posts: await source.count("posts"),
      votes: await source.count("votes"),
      users: await source.count("users"),
    });
    const totals = async (id: string) =>
      (
        await h.services.db.selectFrom("posts").select(["title", "vote_count"]).where("workspace_id", "=", id).orderBy("title").orderBy("vote_count").execute()
      ).map((p) => `${p.title}:${p.vote_count}`);
    expect(await totals(target.ws.id)).toEqual(await totals(source.ws.id));
    expect(readFileSync(join(dir, "posts.csv"), "utf8").split("\n")[0]).toContain("merged_into_id");
  });
});
