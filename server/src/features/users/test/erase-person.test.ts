import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { notificationPass } from "../../notifications/index.js";
import { deliverDue } from "../../webhooks/deliver.js";
import { fanOutEvents } from "../../webhooks/fanout.js";
import { userHash } from "../../customers/identity-proof.js";
import { scrubJson } from "../personal-data/scrub.js";
import { importCsv } from "../../../cli/import.js";
import { SYSTEM_ACTOR, type Ctx } from "../../../platform/context.js";
import { postForm } from "../../../../test/support/forms.js";
import { useHarness } from "../../../../test/support/harness.js";
import { useSmtp } from "../../../../test/support/smtp.js";

// A person's data: what GET /v1/users/{id}/export and the portal's "download my data" give, and
// that POST /v1/users/{id}/erase leaves no personal field anywhere. The person is Zelda: every field
// of hers (external id, email, name, avatar, traits) carries a mark of her own ("zelda" and random
// letters), and what she writes never does, so after erasure no row of any table may hold it.

const smtp = useSmtp();

const h = useHarness({ smtpUrl: () => smtp.url, publicUrlIsServed: true });

/** A webhook receiver that answers with what it was sent, as some do: the answer's excerpt is a copy too. */
async function echoReceiver() {
  const server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => res.writeHead(200, { "content-type": "application/json" }).end(body));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/hook`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** Every table of the database, each row as JSON text (blobs as text), where `needle` occurs. */
async function rowsHolding(needle: string): Promise<string[]> {
  const db = h.database.db;
  const tables =
    h.database.dialect === "postgres"
      ? (
          await sql<{
            name: string;
          }>`select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(db)
        ).rows
      : (await sql<{ name: string }>`select name from sqlite_master where type = 'table'`.execute(db)).rows;
  const found: string[] = [];
  for (const { name } of tables) {
    const rows = (await sql<Record<string, unknown>>`select * from ${sql.table(name)}`.execute(db)).rows;
    for (const row of rows) {
      const text = JSON.stringify(row, (_k, v) => (Buffer.isBuffer(v) ? v.toString("latin1") : typeof v === "bigint" ? String(v) : v));
      if (text.toLowerCase().includes(needle)) found.push(`${name}: ${text.slice(0, 200)}`);
    }
  }
  return found;
}

const form = (path: string, fields: Record<string, string>, headers: Record<string, string> = {}) => postForm(h.url, path, fields, headers);

/** The first mail to `to` whose subject starts with `subject`. */
async function mail(to: string, subject: string) {
  for (let waited = 0; waited < 5000; waited += 25) {
    const found = smtp.received.find((m) => m.to.includes(to) && m.subject.startsWith(subject));
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`no mail "${subject}…" to ${to}`);
}

/** Zelda, identified by the customer's app, active everywhere Heed keeps something of her. */
async function zeldaEverywhere() {
  const mark = `zelda${randomBytes(4).toString("hex")}`;
  const ws = await h.workspace();
  const key = await ws.key();
  const base = `/p/${ws.slug}`;
  const hook = await echoReceiver();
  expect((await h.call("POST", "/v1/webhooks/endpoints", { key, json: { url: hook.url, events: ["*"] } })).status).toBe(201);
  const secret = (await h.call("GET", "/v1/workspace/identity-secret", { key })).body.identitySecret as string;
  const email = `${mark}@example.com`;
  const identified = await h.call("POST", "/v1/identify", {
    headers: ws.customer(),
    json: {
      userId: `${mark}-42`,
      userHash: userHash(secret, `${mark}-42`),
      email,
      name: `${mark.replace("z", "Z")} Quist`,
      avatarUrl: `https://img.example.com/${mark}.png`,
      traits: { nickname: mark, plan: "pro" },
      company: { id: "acme", name: "Acme", monthlySpend: 300 },
    },
  });
  expect(identified.status, JSON.stringify(identified.body)).toBe(200);
  const zelda = identified.body.user.id as string;
  const token = identified.body.token as string;
  const customer = ws.customer(token);

  // She posts, comments, votes and is told of a status change; her app tracks what she does.
  const boardId = await ws.boardId();
  const mine = await h.call("POST", "/v1/portal/posts", {
    headers: customer,
    json: { boardId, title: "Offline drafts", body: "Keep my drafts when the train loses signal." },
  });
  expect(mine.status, JSON.stringify(mine.body)).toBe(201);
  const other = (await h.call("POST", "/v1/posts", { key, json: { boardId, title: "Bulk export" } })).body.id as string;
  expect((await h.call("POST", `/v1/portal/posts/${other}/vote`, { headers: customer })).status).toBe(200);
  expect((await h.call("POST", `/v1/portal/posts/${other}/comments`, { headers: customer, json: { body: "We need this monthly." } })).status).toBe(201);
  expect((await h.call("POST", "/v1/track", { headers: customer, json: { event: "opened_editor", properties: { nickname: mark } } })).status).toBe(202);
  const statuses = (await h.call("GET", "/v1/statuses", { key })).body.data as { id: string; name: string }[];
  const planned = statuses.find((s) => s.name === "Planned")!;
  expect(
    (await h.call("POST", `/v1/posts/${mine.body.id}/status`, { key, json: { statusId: planned.id, comment: { body: "Planned for spring." } } })).status,
  ).toBe(200);
  await notificationPass(h.services, { windowSeconds: 0, concurrency: 2, pollMs: 0 });
  await mail(email, "“Offline drafts”");

  // She signs in to the portal by email: a sign-in link row, then a session.
  expect((await form(`${base}/sign-in/email`, { email, redirect: `${base}/me` })).status).toBe(200);
  const link = /https?:\/\/\S+/.exec((await mail(email, "Sign in")).text)![0];
  const confirmed = await form(new URL(link).pathname, {});
  expect(confirmed.status).toBe(303);
  const cookie = (confirmed.headers.get("set-cookie") ?? "").split(";")[0]!;
  // A second link she never used stays behind until erasure.
  expect((await form(`${base}/sign-in/email`, { email, redirect: `${base}/me` })).status).toBe(200);

  // The team searched for her by email in a saved view, and asked for an export of the workspace.
  expect((await h.call("PUT", "/v1/saved-views", { key, json: { data: [{ name: "Her ideas", filters: { q: `${email} offline` } }] } })).status).toBe(200);
  expect((await h.call("POST", "/v1/exports", { key })).status).toBe(202);
  // A CSV import's dry run quoted her: its preview shows her row as it would land.
  const csv = join(mkdtempSync(join(tmpdir(), "heed-erase-")), "users.csv");
  writeFileSync(csv, `id,email,name\nz1,${email},Zed\n`);
  const ctx: Ctx = { services: h.services, workspace: { id: ws.id, slug: ws.slug }, actor: SYSTEM_ACTOR, requestId: null };
  expect((await importCsv(ctx, { source: "csv", files: { users: csv }, dryRun: true, preview: 5 })).report.preview?.users).toHaveLength(1);

  for (let i = 0; i < 20 && (await fanOutEvents(h.services)) > 0; i++);
  await deliverDue(h.database.db, { timeoutMs: 2000, allowPrivate: true, retryScale: 0.001 });
  await hook.close();
  return { mark, ws, key, zelda, token, customer, cookie, base, email, mine: mine.body.id as string, other };
}

describe("a person's data", () => {
  it("exports everything Heed holds about the person, to the team and to the person", async () => {
    const z = await zeldaEverywhere();
    const exported = await h.call("GET", `/v1/users/${z.zelda}/export`, { key: z.key });
    expect(exported.status).toBe(200);
    const data = exported.body;
    expect(data.user).toMatchObject({ id: z.zelda, externalId: `${z.mark}-42`, email: z.email, traits: { nickname: z.mark, plan: "pro" } });
    expect(data.user.company).toMatchObject({ externalId: "acme" });
    expect(data.posts.map((p: { id: string; status: string }) => [p.id, p.status])).toEqual([[z.mine, "Planned"]]);
    expect(data.comments.map((c: { body: string }) => c.body)).toEqual(["We need this monthly."]);
    // Her own idea, which she voted for as she posted it (authorVotes), and another.
    expect(data.votes.map((v: { postId: string }) => v.postId).sort()).toEqual([z.mine, z.other].sort());
    expect(data.follows.length).toBeGreaterThanOrEqual(2);
    expect(data.trackedEvents.map((e: { event: string }) => e.event)).toEqual(["opened_editor"]);
    expect(data.notifications.map((n: { kind: string }) => n.kind)).toContain("status_changed");
    expect(data.portalSessions).toHaveLength(1);
    expect(JSON.stringify(data.portalSessions)).not.toMatch(/token|heed_/);

    // The person: the portal's API with her token, and the download link with her cookie.
    const own = await h.call("GET", "/v1/portal/me/export", { headers: z.customer });
    expect(own.status).toBe(200);
    expect(own.body.user.id).toBe(z.zelda);
    expect(own.body.posts).toEqual(data.posts);
    const page = await (await fetch(`${h.url}${z.base}/me`, { headers: { cookie: z.cookie } })).text();
    expect(page).toContain(`href="${z.base}/me/data"`);
    const download = await fetch(`${h.url}${z.base}/me/data`, { headers: { cookie: z.cookie } });
    expect(download.status).toBe(200);
    expect(download.headers.get("content-disposition")).toBe(`attachment; filename="${z.ws.slug}-my-data.json"`);
    expect(download.headers.get("cache-control")).toBe("no-store");
    expect((await download.json()).user.email).toBe(z.email);

    // Nobody else: no session, another workspace's key, a key without users:read.
    const anonymous = await fetch(`${h.url}${z.base}/me/data`);
    expect(anonymous.status).toBe(404);
    expect(await anonymous.text()).not.toContain(z.email);
    expect((await h.call("GET", "/v1/portal/me/export", { headers: z.ws.customer() })).status).toBe(401);
    const stranger = await h.workspace();
    expect((await h.call("GET", `/v1/users/${z.zelda}/export`, { key: await stranger.key() })).status).toBe(404);
    expect((await h.call("GET", `/v1/users/${z.zelda}/export`, { key: await z.ws.key(["posts:read"]) })).status).toBe(403);
  });

  it("erases the person everywhere: no table holds any field of theirs, their votes still count", async () => {
    const z = await zeldaEverywhere();
    // The copies the erasure must reach are there to begin with.
    const before = (await rowsHolding(z.mark)).map((row) => row.split(":")[0]);
    for (const table of [
      "users",
      "outbox",
      "webhook_deliveries",
      "webhook_attempts",
      "notification_events",
      "tracked_events",
      "portal_sign_in_links",
      "saved_views",
    ]) {
      expect(before, table).toContain(table);
    }
    const votesBefore = (await h.call("GET", `/v1/posts/${z.other}`, { key: z.key })).body.voteCount;

    expect((await h.call("POST", `/v1/users/${z.zelda}/erase`, { key: await z.ws.key(["users:read"]) })).status).toBe(403);
    const erased = await h.call("POST", `/v1/users/${z.zelda}/erase`, { key: z.key });
    expect(erased.status, JSON.stringify(erased.body)).toBe(200);
    expect(erased.body).toMatchObject({
      id: z.zelda,
      removed: { portalSessions: 1, signInLinks: 2, trackedEvents: 1, notifications: expect.any(Number), follows: 2, exports: 1 },
      scrubbed: {
        events: expect.any(Number),
        deliveries: expect.any(Number),
        auditRows: 0,
        notificationEvents: expect.any(Number),
        savedFilters: 1,
        importReports: 1,
      },
    });
    expect(erased.body.scrubbed.events).toBeGreaterThanOrEqual(4);
    expect(erased.body.scrubbed.deliveries).toBe(erased.body.scrubbed.events);

    expect(await rowsHolding(z.mark)).toEqual([]);
    expect(await rowsHolding(z.email)).toEqual([]);
    // On SQLite the files' bytes too, not only the rows: freed space is zeroed and the write-ahead
    // log, which kept the pages as they were, is cut. (PostgreSQL: docs/SECURITY.md.)
    if (h.database.dialect === "sqlite") {
      const file = h.database.url.slice("sqlite:".length);
      const holding = () => [file, `${file}-wal`].filter((f) => existsSync(f) && readFileSync(f).toString("latin1").toLowerCase().includes(z.mark));
      await expect.poll(holding, { timeout: 10_000 }).toEqual([]);
    }

    // What stays: her post and comment, without a name; her votes count; the row under its id.
    expect((await h.call("GET", `/v1/posts/${z.other}`, { key: z.key })).body.voteCount).toBe(votesBefore);
    const post = (await h.call("GET", `/v1/posts/${z.mine}`, { key: z.key })).body;
    expect(post.title).toBe("Offline drafts");
    expect(post.author).toMatchObject({ id: z.zelda });
    expect(post.author.name ?? null).toBeNull();
    expect((await h.call("GET", `/v1/users/${z.zelda}`, { key: z.key })).status).toBe(404);
    const row = await h.database.db
      .selectFrom("users")
      .select(["email_notifications", "follows_changelog", "locale"])
      .where("id", "=", z.zelda)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ email_notifications: "off", follows_changelog: 0, locale: null });
    // Signed out everywhere: her token and her cookie open nothing.
    expect((await h.call("GET", "/v1/portal/me", { headers: z.customer })).status).toBe(401);
    expect((await fetch(`${h.url}${z.base}/me`, { headers: { cookie: z.cookie } })).status).toBe(404);

    // The stored events keep their shape and her id, for consumers that read them again.
    const identified = await h.database.db
      .selectFrom("outbox")
      .select("data")
      .where("workspace_id", "=", z.ws.id)
      .where("type", "=", "user.identified")
      .executeTakeFirstOrThrow();
    expect(JSON.parse(identified.data)).toMatchObject({ id: z.zelda, externalId: `deleted:${z.zelda}`, email: null, name: null, avatarUrl: null, traits: {} });
    const event = await h.database.db
      .selectFrom("outbox")
      .select("data")
      .where("workspace_id", "=", z.ws.id)
      .where("type", "=", "user.erased")
      .executeTakeFirstOrThrow();
    expect(JSON.parse(event.data)).toEqual({ id: z.zelda, erasedAt: erased.body.erasedAt });
    const audit = await h.database.db
      .selectFrom("audit_log")
      .select(["action", "data"])
      .where("workspace_id", "=", z.ws.id)
      .where("object_id", "=", z.zelda)
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    expect(audit.action).toBe("user.erased");
    expect(JSON.parse(audit.data)).toMatchObject({ removed: erased.body.removed });

    // Again: nothing more to remove; DELETE of an erased user is a 404, as of a deleted one.
    const again = await h.call("POST", `/v1/users/${z.zelda}/erase`, { key: z.key });
    expect(again.status).toBe(200);
    expect(again.body.removed).toEqual({ portalSessions: 0, signInLinks: 0, trackedEvents: 0, notifications: 0, follows: 0, exports: 0 });
    expect(again.body.scrubbed).toEqual({ events: 0, deliveries: 0, auditRows: 0, notificationEvents: 0, savedFilters: 0, importReports: 0 });
    expect((await h.call("DELETE", `/v1/users/${z.zelda}`, { key: z.key })).status).toBe(404);

    // Another workspace's id and a malformed one.
    const stranger = await h.workspace();
    expect((await h.call("POST", `/v1/users/${z.zelda}/erase`, { key: await stranger.key() })).status).toBe(404);
    expect((await h.call("POST", "/v1/users/nope/erase", { key: z.key })).status).toBe(400);
  });

  it("shows the person their votes' titles only where the portal shows the post, and no guest their data", async () => {
    const z = await zeldaEverywhere();
    // A member voted for her on a private board's post.
    const board = (await h.call("POST", "/v1/boards", { key: z.key, json: { name: "Internal roadmap", visibility: "private" } })).body.id;
    const hidden = (await h.call("POST", "/v1/posts", { key: z.key, json: { boardId: board, title: "Acquire Initech" } })).body.id;
    expect((await h.call("POST", `/v1/posts/${hidden}/votes`, { key: z.key, json: { userId: z.zelda } })).status).toBe(201);
    const team = (await h.call("GET", `/v1/users/${z.zelda}/export`, { key: z.key })).body;
    expect(team.votes.find((v: { postId: string }) => v.postId === hidden).title).toBe("Acquire Initech");
    const own = await h.call("GET", "/v1/portal/me/export", { headers: z.customer });
    expect(own.body.votes.find((v: { postId: string }) => v.postId === hidden).title).toBeNull();
    expect(JSON.stringify(own.body)).not.toContain("Initech");

    // Someone the customer's app calls a guest (as the portal's guest sign-in does): nobody checked the email.
    const secret = (await h.call("GET", "/v1/workspace/identity-secret", { key: z.key })).body.identitySecret as string;
    const guest = await h.call("POST", "/v1/identify", {
      headers: z.ws.customer(),
      json: { userId: "guest:someone@example.com", userHash: userHash(secret, "guest:someone@example.com"), email: "someone@example.com" },
    });
    expect((await h.call("GET", "/v1/portal/me/export", { headers: z.ws.customer(guest.body.token) })).status).toBe(404);
  });

  it("empties the person's name only in their own object and where an actor's name is copied, and their email wherever it stands", () => {
    const person = { id: "usr_01aaaaaaaaaaaaaaaaaaaaaaaa", email: "ann@example.com", name: "Ann", externalId: "ann-1" };
    const stored = JSON.stringify({
      title: "Ann",
      status: { name: "Ann" },
      author: { id: person.id, name: "Ann", email: "ANN@example.com", traits: { plan: "pro" }, externalId: "ann-1" },
      other: { id: "usr_01bbbbbbbbbbbbbbbbbbbbbbbb", name: "Bob" },
      q: "from ann@example.com please",
      actorName: "Ann",
    });
    expect(JSON.parse(scrubJson(stored, person, `deleted:${person.id}`)!)).toEqual({
      title: "Ann",
      status: { name: "Ann" },
      author: { id: person.id, name: null, email: null, traits: {}, externalId: `deleted:${person.id}` },
      other: { id: "usr_01bbbbbbbbbbbbbbbbbbbbbbbb", name: "Bob" },
      q: "from [erased] please",
      actorName: null,
    });
    expect(scrubJson(JSON.stringify({ title: "Nothing of hers" }), person, "x")).toBeNull();
  });

  it("DELETE /v1/users/{id} is the same erasure", async () => {
    const z = await zeldaEverywhere();
    expect((await h.call("DELETE", `/v1/users/${z.zelda}`, { key: z.key })).status).toBe(204);
    expect(await rowsHolding(z.mark)).toEqual([]);
  });
});
