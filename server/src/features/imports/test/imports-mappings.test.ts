import { describe, expect, it } from "vitest";
import { importPass } from "../index.js";
import { useHarness } from "../../../../test/support/harness.js";
import { savedMapping, uploadCsv } from "../../../../test/support/imports.js";

// A workspace's second file with the same columns starts from the mapping its last import used
// (kept on the server, per set of columns, never another workspace's); the source's status names
// map to the workspace's statuses as the team chooses; and the report says which boards, statuses
// and tags the import makes, with how many posts carry each.

const h = useHarness();

const SHEET = [
  "Ticket,Subject,Details,State,Area,Labels",
  'T-1,Offline mode,Work on the train,Shipped,Mobile,"sync, ios"',
  "T-2,Bulk edit,Many rows at once,planned,Web,sync",
  "T-3,Widget themes,Match our brand,Needs triage,Mobile,",
  "T-4,Slack alerts,Per board,Shipped,Web,",
].join("\n");
const COLUMNS = ["Ticket", "Subject", "Details", "State", "Area", "Labels"];
const MAPPING = { posts: { ref: "Ticket", title: "Subject", body: "Details", status: "State", board: "Area", tags: "Labels" } };

type Report = {
  created: Record<"boards" | "statuses" | "tags", { name: string; posts: number }[]>;
  statuses: { name: string; posts: number; outcome: string; statusId: string | null }[];
  kinds: { posts: { created: number } };
};

describe("import mappings kept and status names mapped", () => {
  it("reuses the last mapping for the same columns only, maps Shipped to Complete, and lists what it makes", async () => {
    const ws = await h.workspace();
    const key = await ws.key(["imports:write", "boards:read", "posts:read"]);
    const statuses = (await h.call("GET", "/v1/statuses?limit=100", { key })).body.data as { id: string; name: string }[];
    const complete = statuses.find((s) => s.name === "Complete")!.id;
    const planned = statuses.find((s) => s.name === "Planned")!.id;
    expect((await savedMapping(h, key, COLUMNS)).body).toEqual({ saved: null });

    // A dry run with the columns mapped: "planned" is the workspace's Planned already; Shipped and
    // Needs triage would be made, as would the boards and the tags, each with its posts.
    const file = (await uploadCsv(h, key, "requests.csv", SHEET)).body;
    const dry = await h.call("POST", "/v1/imports", { key, json: { source: "csv", files: { posts: file.id }, mapping: MAPPING, dryRun: true } });
    expect(dry.status, JSON.stringify(dry.body)).toBe(202);
    await importPass(h.services);
    const first = (await h.call("GET", `/v1/imports/${dry.body.id}`, { key })).body.report as Report;
    expect(first.statuses).toEqual([
      { name: "Shipped", posts: 2, outcome: "created", statusId: null },
      { name: "planned", posts: 1, outcome: "matched", statusId: planned },
      { name: "Needs triage", posts: 1, outcome: "created", statusId: null },
    ]);
    expect(first.created).toEqual({
      boards: [
        { name: "Mobile", posts: 2 },
        { name: "Web", posts: 2 },
      ],
      statuses: [
        { name: "Shipped", posts: 2 },
        { name: "Needs triage", posts: 1 },
      ],
      tags: [
        { name: "sync", posts: 2 },
        { name: "ios", posts: 1 },
      ],
    });

    // The team maps Shipped to Complete: the next dry run says so, and makes only Needs triage.
    const withStatuses = { ...MAPPING, statuses: { Shipped: complete } };
    const again = await h.call("POST", "/v1/imports", {
      key,
      json: { source: "csv", files: { posts: file.id }, mapping: withStatuses, dryRun: true, preview: 5 },
    });
    await importPass(h.services);
    const second = (await h.call("GET", `/v1/imports/${again.body.id}`, { key })).body.report as Report & { preview: { posts: { status: string }[] } };
    // The preview shows each post's status as it lands: mapped, matched by name, or made.
    expect(second.preview.posts.map((p) => p.status)).toEqual(["Complete", "Planned", "Needs triage", "Complete"]);
    expect(second.statuses[0]).toEqual({ name: "Shipped", posts: 2, outcome: "mapped", statusId: complete });
    expect(second.created.statuses).toEqual([{ name: "Needs triage", posts: 1 }]);

    // With an Idempotency-Key, as the dashboard sends it: the file's header is read in the request's transaction.
    const real = await h.call("POST", "/v1/imports", {
      key,
      json: { source: "csv", files: { posts: file.id }, mapping: withStatuses },
      headers: { "idempotency-key": "import-requests-once" },
    });
    expect(real.status, JSON.stringify(real.body)).toBe(202);
    await importPass(h.services);
    expect((await h.call("GET", `/v1/imports/${real.body.id}`, { key })).body.state).toBe("done");
    const posts = (await h.call("GET", "/v1/posts?limit=10", { key })).body.data as { title: string; status: { name: string } }[];
    expect(Object.fromEntries(posts.map((p) => [p.title, p.status.name]))).toEqual({
      "Offline mode": "Complete",
      "Bulk edit": "Planned",
      "Widget themes": "Needs triage",
      "Slack alerts": "Complete",
    });
    const names = ((await h.call("GET", "/v1/statuses?limit=100", { key })).body.data as { name: string }[]).map((s) => s.name);
    expect(names).toContain("Needs triage");
    expect(names).not.toContain("Shipped");

    // The same columns, in another order and case: the last mapping, statuses included.
    const found = await savedMapping(h, key, ["labels", "AREA", " State", "Details", "Subject", "Ticket"]);
    expect(found.status).toBe(200);
    expect(found.body.saved).toEqual({
      source: "csv",
      kind: "posts",
      columns: ["area", "details", "labels", "state", "subject", "ticket"],
      mapping: withStatuses,
      importId: real.body.id,
      savedAt: expect.any(String),
    });
    // A column more, or another source: none.
    expect((await savedMapping(h, key, [...COLUMNS, "Votes"])).body).toEqual({ saved: null });
    expect((await savedMapping(h, key, COLUMNS, "uservoice")).body).toEqual({ saved: null });

    // Another workspace never sees it, nor may it map to this workspace's statuses.
    const other = await h.workspace();
    const theirKey = await other.key(["imports:write"]);
    expect((await savedMapping(h, theirKey, COLUMNS)).body).toEqual({ saved: null });
    const theirFile = (await uploadCsv(h, theirKey, "requests.csv", SHEET)).body;
    const refused = await h.call("POST", "/v1/imports", {
      key: theirKey,
      json: { source: "csv", files: { posts: theirFile.id }, mapping: withStatuses, dryRun: true },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.errors[0]).toMatchObject({ pointer: "/mapping/statuses/Shipped", code: "unknown_reference" });

    // A status deleted since is left out of the mapping found.
    await h.services.db.updateTable("posts").set({ status_id: planned }).where("status_id", "=", complete).execute();
    const deleted = await h.call("DELETE", `/v1/statuses/${complete}`, { key: await ws.key() });
    expect(deleted.status, JSON.stringify(deleted.body)).toBeLessThan(300);
    expect((await savedMapping(h, key, COLUMNS)).body.saved.mapping).toEqual(MAPPING);
  });

  it("refuses columns that are not a JSON list of names, and needs imports:read", async () => {
    const ws = await h.workspace();
    const key = await ws.key(["imports:read"]);
    for (const columns of ["Ticket,Subject", "[]", "[1,2]", "{}", `[${'"x",'.repeat(1000)}"x"]`]) {
      const res = await h.call("GET", `/v1/imports/mappings?source=csv&kind=posts&columns=${encodeURIComponent(columns)}`, { key });
      expect(res.status, columns).toBe(400);
      expect(res.body.errors[0].pointer).toBe("/query/columns");
    }
    expect((await h.call("GET", "/v1/imports/mappings?source=canny&kind=posts&columns=%5B%22a%22%5D", { key })).status).toBe(400);
    const posts = await ws.key(["posts:read"]);
    expect((await savedMapping(h, posts, COLUMNS)).status).toBe(403);
  });
});
