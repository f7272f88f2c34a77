import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { discoveryKey } from "../../../features/accounts/oidc-client.js";
import { CACHES, type CacheName, cacheInstance } from "../registry.js";
import { teamRouteMatcher } from "../../../http/front-door/refusals.js";
import { generateKey } from "../../lib/secret-keys.js";
import { operations } from "../../../routes.js";
import { bumpVersion, readVersion } from "../../changes/version.js";
import { openDatabase } from "../../db/database.js";
import { TEST_DB } from "../../../../test/support/database.js";
import { useHarness } from "../../../../test/support/harness.js";
import { ROOT } from "../../../../test/support/processes.js";

// Walks the cache registry (server/src/platform/cache/registry.ts): every cache it lists has a
// scenario here that fills it through the API, makes the write that changes what it holds, and
// reads again: the answer must be the new truth, on the app and at the front door alike. A cache
// added to the registry without a scenario fails the first test.

const h = useHarness();

function sizeOf(name: CacheName): number {
  return (cacheInstance(name, h.services.db) as { size: number } | undefined)?.size ?? 0;
}

const postTitles = (body: { data: { title: string }[] }) => body.data.map((p) => p.title);

const scenarios: Record<CacheName, () => Promise<void>> = {
  async secretKeys() {
    const ws = await h.workspace();
    const admin = await ws.key();
    const reader = await ws.key(["posts:read"]);
    expect((await h.call("GET", "/v1/posts", { key: reader })).status).toBe(200);
    expect(sizeOf("secretKeys")).toBeGreaterThan(0);
    const listed = await h.call("GET", "/v1/api-keys", { key: admin });
    const id = listed.body.data.find((k: { scopes: string[] }) => k.scopes.join() === "posts:read").id;
    expect((await h.call("DELETE", `/v1/api-keys/${id}`, { key: admin })).status).toBe(200);
    expect((await h.call("GET", "/v1/posts", { key: reader })).status).toBe(401);
  },

  async unknownKeyHashes() {
    const ws = await h.workspace();
    const madeUp = generateKey("sk");
    expect((await h.call("GET", "/v1/posts", { key: madeUp })).status).toBe(401);
    expect((await h.call("GET", "/v1/posts", { key: madeUp })).status).toBe(401);
    expect(sizeOf("unknownKeyHashes")).toBeGreaterThan(0);
    // The write that adds keys makes new random ones, never one already refused.
    const created = await h.call("POST", "/v1/api-keys", { key: await ws.key(), json: { name: "new", scopes: ["posts:read"] } });
    expect(created.status).toBe(201);
    expect((await h.call("GET", "/v1/posts", { key: created.body.key })).status).toBe(200);
  },

  async refusedTokens() {
    const ws = await h.workspace();
    expect((await h.call("GET", "/v1/posts", { key: "heed_sk_not-a-key" })).status).toBe(401);
    expect(sizeOf("refusedTokens")).toBeGreaterThan(0);
    const created = await h.call("POST", "/v1/api-keys", { key: await ws.key(), json: { name: "new", scopes: ["posts:read"] } });
    expect((await h.call("GET", "/v1/posts", { key: created.body.key })).status).toBe(200);
  },

  async publicKeys() {
    const ws = await h.workspace();
    expect((await h.call("GET", "/v1/portal/workspace", { headers: ws.customer() })).status).toBe(200);
    expect(sizeOf("publicKeys")).toBeGreaterThan(0);
    const rotated = await h.call("POST", "/v1/workspace/public-key/rotate", { key: await ws.key() });
    expect(rotated.status).toBe(200);
    expect((await h.call("GET", "/v1/portal/workspace", { headers: ws.customer() })).status).toBe(401);
  },

  async portalSlugs() {
    const ws = await h.workspace();
    expect(await (await fetch(`${h.url}/p/${ws.slug}`)).text()).not.toContain("Renamed portal");
    expect(sizeOf("portalSlugs")).toBeGreaterThan(0);
    expect((await h.call("PATCH", "/v1/workspace", { key: await ws.key(), json: { name: "Renamed portal" } })).status).toBe(200);
    expect(await (await fetch(`${h.url}/p/${ws.slug}`)).text()).toContain("Renamed portal");
    // A new slug: the old address, read again and again (kept at the front door too), now redirects.
    const key = await ws.key();
    for (let i = 0; i < 3; i++) expect((await fetch(`${h.url}/p/${ws.slug}`)).status).toBe(200);
    expect((await h.call("PATCH", "/v1/workspace", { key, json: { slug: `${ws.slug}-moved` } })).status).toBe(200);
    const old = await fetch(`${h.url}/p/${ws.slug}`, { redirect: "manual" });
    expect([old.status, old.headers.get("location")]).toEqual([301, `/p/${ws.slug}-moved`]);
    expect(await (await fetch(`${h.url}/p/${ws.slug}-moved`)).text()).toContain("Renamed portal");
  },

  async frontDoorPages() {
    const ws = await h.workspace();
    const board = `${h.url}/p/${ws.slug}/b/feature-requests`;
    for (let i = 0; i < 3; i++) expect(await (await fetch(board)).text()).not.toContain("Seen at the door");
    expect(sizeOf("frontDoorPages")).toBeGreaterThan(0);
    expect((await h.call("POST", "/v1/posts", { key: await ws.key(), json: { boardId: await ws.boardId(), title: "Seen at the door" } })).status).toBe(201);
    expect(await (await fetch(board)).text()).toContain("Seen at the door");
  },

  async workspaceOrigins() {
    const ws = await h.workspace();
    const frameAncestors = async () => (await fetch(`${h.url}/p/${ws.slug}`)).headers.get("content-security-policy");
    expect(await frameAncestors()).not.toContain("https://app.example.com");
    expect(sizeOf("workspaceOrigins")).toBeGreaterThan(0);
    expect((await h.call("PATCH", "/v1/workspace", { key: await ws.key(), json: { allowedOrigins: ["https://app.example.com"] } })).status).toBe(200);
    expect(await frameAncestors()).toContain("frame-ancestors 'self' https://app.example.com");
  },

  async keptAnswers() {
    const ws = await h.workspace();
    const key = await ws.key();
    // Asked twice, the answer is kept; a third time it comes from the front door.
    for (let i = 0; i < 3; i++) expect(postTitles((await h.call("GET", "/v1/posts?sort=newest", { key })).body)).toEqual([]);
    expect(sizeOf("keptAnswers")).toBeGreaterThan(0);
    expect((await h.call("POST", "/v1/posts", { key, json: { boardId: await ws.boardId(), title: "Kept no longer" } })).status).toBe(201);
    expect(postTitles((await h.call("GET", "/v1/posts?sort=newest", { key })).body)).toEqual(["Kept no longer"]);
  },

  async askedOnce() {
    const ws = await h.workspace();
    const key = await ws.key();
    expect((await h.call("GET", "/v1/boards", { key })).status).toBe(200);
    expect(sizeOf("askedOnce")).toBeGreaterThan(0);
    expect((await h.call("POST", "/v1/boards", { key, json: { name: "Second", slug: "second" } })).status).toBe(201);
    const boards = (await h.call("GET", "/v1/boards", { key })).body.data.map((b: { slug: string }) => b.slug);
    expect(boards).toContain("second");
  },

  async frontDoorEntries() {
    const ws = await h.workspace();
    const key = await ws.key();
    const path = `/v1/posts?sort=votes&limit=5`;
    for (let i = 0; i < 3; i++) await h.call("GET", path, { key });
    expect(sizeOf("frontDoorEntries")).toBeGreaterThan(0);
    expect((await h.call("POST", "/v1/posts", { key, json: { boardId: await ws.boardId(), title: "Past the door" } })).status).toBe(201);
    expect(postTitles((await h.call("GET", path, { key })).body)).toEqual(["Past the door"]);
    // The same holds for a public key's read at the door.
    const board = await ws.boardId();
    const portalPath = `/v1/portal/posts?boardId=${board}`;
    for (let i = 0; i < 3; i++) await h.call("GET", portalPath, { headers: ws.customer() });
    expect((await h.call("POST", "/v1/posts", { key, json: { boardId: board, title: "Seen by visitors" } })).status).toBe(201);
    expect(postTitles((await h.call("GET", portalPath, { headers: ws.customer() })).body)).toContain("Seen by visitors");
  },

  async workspaceVersions() {
    // Another instance is another connection to the same database: its commit is seen at once.
    const ws = await h.workspace();
    const key = await ws.key();
    const board = await ws.boardId();
    const other = openDatabase(h.database.url);
    try {
      expect((await h.call("GET", `/v1/boards/${board}`, { key })).status).toBe(200);
      const before = await readVersion(h.services.db, ws.id);
      if (TEST_DB === "sqlite") expect(sizeOf("workspaceVersions")).toBeGreaterThan(0);
      await other.db.updateTable("boards").set({ name: "Renamed elsewhere" }).where("id", "=", board).execute();
      await bumpVersion(other.db, ws.id);
      expect(await readVersion(h.services.db, ws.id)).toBe(before + 1);
      expect((await h.call("GET", `/v1/boards/${board}`, { key })).body.name).toBe("Renamed elsewhere");
    } finally {
      await other.db.destroy();
    }
  },

  async teamRoutes() {
    // Worked out from the code's operations alone: a write cannot change which routes are the team's.
    const isTeamRoute = teamRouteMatcher(operations);
    const before = [isTeamRoute("GET", "/v1/posts"), isTeamRoute("GET", "/v1/portal/workspace")];
    expect(before).toEqual([true, false]);
    const ws = await h.workspace();
    await h.call("POST", "/v1/boards", { key: await ws.key(), json: { name: "Another", slug: "another" } });
    expect([isTeamRoute("GET", "/v1/posts"), isTeamRoute("GET", "/v1/portal/workspace")]).toEqual(before);
  },

  async postPageShapes() {
    // One shape, two boards: the second list runs the first one's SQL with its own board.
    const ws = await h.workspace();
    const key = await ws.key();
    const other = (await h.call("POST", "/v1/boards", { key, json: { name: "Other", slug: "other" } })).body.id;
    for (const [boardId, title] of [
      [await ws.boardId(), "On the first board"],
      [other, "On the other"],
    ]) {
      expect((await h.call("POST", "/v1/posts", { key, json: { boardId, title } })).status).toBe(201);
    }
    const onBoard = async (boardId: string) => postTitles((await h.call("GET", `/v1/posts?boardId=${boardId}&sort=votes`, { key })).body);
    expect(await onBoard(await ws.boardId())).toEqual(["On the first board"]);
    expect(sizeOf("postPageShapes")).toBeGreaterThan(0);
    expect(await onBoard(other)).toEqual(["On the other"]);
  },

  async oidcDiscovery() {
    // Keyed by everything a discovery is made from: a workspace that changes any of it
    // (PUT /v1/workspace/single-sign-on) gets a new discovery, never the old one's answer.
    const settings = { issuer: "https://id.example.com", clientId: "heed", clientSecret: "one", allowedDomains: [], signUpWorkspace: null, label: "Example" };
    const key = discoveryKey(settings, true);
    expect(discoveryKey({ ...settings, clientSecret: "two" }, true)).not.toBe(key);
    expect(discoveryKey({ ...settings, clientId: "other" }, true)).not.toBe(key);
    expect(discoveryKey({ ...settings, issuer: "https://id.example.org" }, true)).not.toBe(key);
    expect(discoveryKey(settings, false)).not.toBe(key);
    expect(discoveryKey({ ...settings, label: "Renamed" }, true)).toBe(key);
  },
};

describe("the cache registry", () => {
  it("has a scenario for every cache, and says for each what it holds, its key and what drops it", () => {
    expect(Object.keys(scenarios).sort()).toEqual(Object.keys(CACHES).sort());
    for (const declaration of Object.values(CACHES)) {
      expect(declaration.holds.length).toBeGreaterThan(10);
      expect(declaration.keyedBy.length).toBeGreaterThan(5);
      expect(declaration.droppedBy.length).toBeGreaterThan(10);
    }
  });

  for (const name of Object.keys(CACHES) as CacheName[]) {
    it(`${name}: the write that changes what it holds is seen by the next read`, () => scenarios[name]());
  }

  it("is the only way to make a cache: no LRU cache or per-database value is made outside it", () => {
    // The code, not the tests beside it (test/ folders), which fill caches through the API.
    const files = (readdirSync(`${ROOT}server/src`, { recursive: true }) as string[]).filter((f) => f.endsWith(".ts") && !/(^|\/)test\//.test(f));
    // Not caches: the rate limiter's leases are counts lent by the primary, and the idempotency
    // layer's running keys are locks held while a request runs; neither copies stored data.
    const notCaches = ["platform/ratelimit/leases.ts", "http/idempotency/middleware.ts"];
    const offenders = files.filter((file) => {
      if (file === "platform/cache/registry.ts" || notCaches.includes(file)) return false;
      const source = readFileSync(`${ROOT}server/src/${file}`, "utf8");
      const made = (source.match(/new LRUCache|perDatabase\(/g) ?? []).length;
      const declared = (source.match(/perDatabaseCache\(|processCache\(/g) ?? []).length;
      return made > declared;
    });
    expect(offenders).toEqual([]);
  });
});
