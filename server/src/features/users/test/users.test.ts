import { describe, expect, it } from "vitest";
import { createPost } from "../../posts/create.js";
import { useHarness, type TestWorkspace } from "../../../../test/support/harness.js";

const h = useHarness();

async function userRow(id: string) {
  return h.database.db.selectFrom("users").selectAll().where("id", "=", id).executeTakeFirst();
}

async function countUsers(ws: TestWorkspace, externalId?: string): Promise<number> {
  let query = h.database.db
    .selectFrom("users")
    .select((eb) => eb.fn.countAll().as("n"))
    .where("workspace_id", "=", ws.id);
  if (externalId !== undefined) query = query.where("external_id", "=", externalId);
  return Number((await query.executeTakeFirstOrThrow()).n);
}

describe("end users", () => {
  it("creates by externalId (201), then updates the same user (200) keeping the fields not given", async () => {
    const ws = await h.workspace();
    const key = await ws.key();

    const created = await h.call("POST", "/v1/users", {
      key,
      json: {
        externalId: "u-1",
        email: "ada@example.com",
        name: "Ada",
        avatarUrl: "https://example.com/ada.png",
        traits: { plan: "pro", seats: 3, beta: true, note: null },
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const user = created.body;
    expect(user).toEqual({
      id: expect.stringMatching(/^usr_[0-9a-z]{26}$/),
      externalId: "u-1",
      email: "ada@example.com",
      name: "Ada",
      avatarUrl: "https://example.com/ada.png",
      company: null,
      traits: { plan: "pro", seats: 3, beta: true, note: null },
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      lastSeenAt: null,
    });
    expect((await h.call("GET", `/v1/users/${user.id}`, { key })).body).toEqual(user);

    const updated = await h.call("POST", "/v1/users", { key, json: { externalId: "u-1", name: "Ada Lovelace" } });
    expect(updated.status).toBe(200);
    expect(updated.body).toEqual({ ...user, name: "Ada Lovelace", updatedAt: expect.any(String) });
    expect(updated.body.updatedAt >= user.updatedAt).toBe(true);

    // Null clears a field; traits, when given, replace the stored ones.
    const cleared = await h.call("POST", "/v1/users", { key, json: { externalId: "u-1", email: null, traits: { plan: "free" } } });
    expect(cleared.status).toBe(200);
    expect(cleared.body).toMatchObject({ id: user.id, email: null, name: "Ada Lovelace", avatarUrl: "https://example.com/ada.png", traits: { plan: "free" } });
    expect(await countUsers(ws)).toBe(1);
  });

  it("gives one row and no 5xx under concurrent upserts of the same externalId", async () => {
    const ws = await h.workspace();
    const key = await ws.key();
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => h.call("POST", "/v1/users", { key, json: { externalId: "racer", name: `Racer ${i}` } })),
    );
    for (const res of results) expect([200, 201], JSON.stringify(res.body)).toContain(res.status);
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(new Set(results.map((r) => r.body.id)).size).toBe(1);
    expect(await countUsers(ws, "racer")).toBe(1);

    const companies = await Promise.all(
      Array.from({ length: 10 }, (_, i) => h.call("POST", "/v1/companies", { key, json: { externalId: "acme", name: `Acme ${i}`, monthlySpend: i } })),
    );
    for (const res of companies) expect([200, 201], JSON.stringify(res.body)).toContain(res.status);
    expect(companies.filter((r) => r.status === 201)).toHaveLength(1);
    const rows = await h.database.db.selectFrom("companies").select("id").where("workspace_id", "=", ws.id).execute();
    expect(rows).toHaveLength(1);
  });

  it("gives no 5xx when a company is deleted while users are upserted into it", async () => {
    const ws = await h.workspace();
    const key = await ws.key();
    for (let round = 0; round < 5; round++) {
      const company = (await h.call("POST", "/v1/companies", { key, json: { externalId: `c-${round}`, name: "Doomed" } })).body;
      await h.call("POST", "/v1/users", { key, json: { externalId: `u-${round}`, companyId: company.id } });
      const results = await Promise.all([
        ...Array.from({ length: 6 }, () => h.call("POST", "/v1/users", { key, json: { externalId: `u-${round}`, companyId: company.id } })),
        h.call("DELETE", `/v1/companies/${company.id}`, { key }),
        ...Array.from({ length: 3 }, () => h.call("POST", "/v1/users", { key, json: { externalId: `u-${round}`, name: "No company change" } })),
      ]);
      for (const res of results) expect([200, 204, 400], JSON.stringify(res.body)).toContain(res.status);
      expect(results.filter((r) => r.status === 400).every((r) => r.body.errors[0].pointer === "/companyId")).toBe(true);
      const rows = await h.database.db
        .selectFrom("users")
        .select("company_id")
        .where("workspace_id", "=", ws.id)
        .where("external_id", "=", `u-${round}`)
        .execute();
      expect(rows).toEqual([{ company_id: null }]);
    }
  });

  it("links a user to a company, unlinks it, and keeps users when their company is deleted", async () => {
    const ws = await h.workspace();
    const key = await ws.key();
    const company = (await h.call("POST", "/v1/companies", { key, json: { externalId: "c-1", name: "Acme", monthlySpend: 1250.5 } })).body;
    const companyRef = { id: company.id, externalId: "c-1", name: "Acme", monthlySpend: 1250.5 };

    const linked = await h.call("POST", "/v1/users", { key, json: { externalId: "u-1", companyId: company.id } });
    expect(linked.body.company).toEqual(companyRef);
    // Not given: the link stays.
    expect((await h.call("POST", "/v1/users", { key, json: { externalId: "u-1", name: "Bo" } })).body.company).toEqual(companyRef);
    const unlinked = await h.call("POST", "/v1/users", { key, json: { externalId: "u-1", companyId: null } });
    expect(unlinked.status).toBe(200);
    expect(unlinked.body.company).toBeNull();

    await h.call("POST", "/v1/users", { key, json: { externalId: "u-1", companyId: company.id } });
    await h.call("POST", "/v1/users", { key, json: { externalId: "u-2", companyId: company.id } });
    // The company's own fields show through the users that belong to it.
    await h.call("POST", "/v1/companies", { key, json: { externalId: "c-1", name: "Acme Corp" } });
    const listed = (await h.call("GET", `/v1/users?companyId=${company.id}`, { key })).body.data;
    expect(listed.map((u: { company: unknown }) => u.company)).toEqual([
      { ...companyRef, name: "Acme Corp" },
      { ...companyRef, name: "Acme Corp" },
    ]);

    expect((await h.call("DELETE", `/v1/companies/${company.id}`, { key })).status).toBe(204);
    expect((await h.call("GET", `/v1/companies/${company.id}`, { key })).status).toBe(404);
    expect((await h.call("DELETE", `/v1/companies/${company.id}`, { key })).status).toBe(404);
    const users = (await h.call("GET", "/v1/users", { key })).body.data;
    expect(users).toHaveLength(2);
    expect(users.every((u: { company: unknown }) => u.company === null)).toBe(true);
    const rows = await h.database.db.selectFrom("users").select("company_id").where("workspace_id", "=", ws.id).execute();
    expect(rows.map((r) => r.company_id)).toEqual([null, null]);
  });

  it("refuses an unknown or another workspace's companyId with 400 at /companyId, and writes nothing", async () => {
    const ws = await h.workspace();
    const other = await h.workspace();
    const key = await ws.key();
    const foreign = (await h.call("POST", "/v1/companies", { key: await other.key(), json: { externalId: "c", name: "Theirs" } })).body;

    for (const companyId of [foreign.id, "cmp_01aaaaaaaaaaaaaaaaaaaaaaaa", "nonsense"]) {
      const res = await h.call("POST", "/v1/users", { key, json: { externalId: "u-1", companyId } });
      expect(res.status).toBe(400);
      expect(res.headers.get("content-type")).toContain("application/problem+json");
      expect(res.body.code).toBe("validation_failed");
      // A malformed id is refused by its pattern, before any lookup.
      const detail = companyId === "nonsense" ? "`cmp_…`" : "No company";
      expect(res.body.errors).toEqual([
        { pointer: "/companyId", code: companyId === "nonsense" ? "invalid_format" : "unknown_reference", detail: expect.stringContaining(detail) },
      ]);
    }
    expect(await countUsers(ws)).toBe(0);
    const audit = await h.database.db.selectFrom("audit_log").select("id").where("workspace_id", "=", ws.id).where("object_type", "=", "user").execute();
    expect(audit).toEqual([]);
    expect((await h.call("GET", `/v1/companies/${foreign.id}`, { key })).status).toBe(404);
  });

  it("anonymises a deleted user, hides them, and keeps their row and votes", async () => {
    const ws = await h.workspace();
    const key = await ws.key();
    const company = (await h.call("POST", "/v1/companies", { key, json: { externalId: "c-1", name: "Acme" } })).body;
    const user = (
      await h.call("POST", "/v1/users", {
        key,
        json: {
          externalId: "u-1",
          email: "gone@example.com",
          name: "Gone",
          avatarUrl: "https://example.com/a.png",
          companyId: company.id,
          traits: { plan: "pro" },
        },
      })
    ).body;
    const post = await createPost({ ctx: ws.ctx, input: { boardId: await ws.boardId(), title: "Voted on", authorId: user.id } });
    await h.database.db
      .insertInto("votes")
      .values({ workspace_id: ws.id, post_id: post.id, user_id: user.id, created_by: null, created_at: new Date().toISOString() })
      .execute();

    expect((await h.call("DELETE", `/v1/users/${user.id}`, { key })).status).toBe(204);
    expect((await h.call("GET", `/v1/users/${user.id}`, { key })).status).toBe(404);
    expect((await h.call("DELETE", `/v1/users/${user.id}`, { key })).status).toBe(404);
    expect((await h.call("GET", "/v1/users", { key })).body.data).toEqual([]);
    expect((await h.call("GET", "/v1/users?email=gone%40example.com", { key })).body.data).toEqual([]);

    const row = await userRow(user.id);
    expect(row).toMatchObject({
      external_id: `deleted:${user.id}`,
      email: null,
      name: null,
      avatar_url: null,
      company_id: null,
      traits: "{}",
      deleted_at: expect.any(String),
    });
    const votes = await h.database.db.selectFrom("votes").select("user_id").where("post_id", "=", post.id).execute();
    expect(votes).toEqual([{ user_id: user.id }]);
    const audit = await h.database.db.selectFrom("audit_log").select("data").where("object_id", "=", user.id).execute();
    expect(audit.map((a) => a.data).join()).not.toContain("gone@example.com");

    // The externalId is free again: upserting it makes a new person, not the anonymised one.
    const again = await h.call("POST", "/v1/users", { key, json: { externalId: "u-1", name: "New" } });
    expect(again.status).toBe(201);
    expect(again.body.id).not.toBe(user.id);
    // Upserting the deleted user's current externalId brings the (anonymised) row back.
    const back = await h.call("POST", "/v1/users", { key, json: { externalId: `deleted:${user.id}` } });
    expect(back.status).toBe(200);
    expect(back.body).toMatchObject({ id: user.id, email: null, name: null, company: null, traits: {} });
    expect((await userRow(user.id))!.deleted_at).toBeNull();
    expect((await h.call("GET", `/v1/users/${user.id}`, { key })).status).toBe(200);
  });

  it("lists newest first, filters by company and exact email, and pages through every user once", async () => {
    const ws = await h.workspace();
    const key = await ws.key();
    const acme = (await h.call("POST", "/v1/companies", { key, json: { externalId: "acme", name: "Acme" } })).body;
    const ids: string[] = [];
    for (let i = 0; i < 23; i++) {
      const res = await h.call("POST", "/v1/users", {
        key,
        json: { externalId: `u-${i}`, email: `user${i}@example.com`, companyId: i % 3 === 0 ? acme.id : null },
      });
      expect(res.status).toBe(201);
      ids.push(res.body.id);
    }
    const deleted = ids[5]!;
    await h.call("DELETE", `/v1/users/${deleted}`, { key });
    const live = ids.filter((id) => id !== deleted).reverse();

    const walk = async (query: string) => {
      const seen: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const res = await h.call("GET", `/v1/users?limit=4${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`, { key });
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        expect(res.body.data.length).toBeLessThanOrEqual(4);
        seen.push(...res.body.data.map((u: { id: string }) => u.id));
        cursor = res.body.nextCursor;
        pages++;
      } while (cursor && pages < 50);
      return seen;
    };
    expect(await walk("")).toEqual(live);
    const acmeIds = ids.filter((_, i) => i % 3 === 0).reverse();
    expect(await walk(`&companyId=${acme.id}`)).toEqual(acmeIds);
    expect(await walk("&email=user7%40example.com")).toEqual([ids[7]]);
    expect(await walk("&email=USER7%40example.com")).toEqual([]);
    expect(await walk("&companyId=cmp_01jd8x4y2b3c5d6e7f8g9h0j1k")).toEqual([]);

    // A cursor belongs to its query.
    const first = (await h.call("GET", "/v1/users?limit=2", { key })).body;
    const reused = await h.call("GET", `/v1/users?limit=2&companyId=${acme.id}&cursor=${encodeURIComponent(first.nextCursor)}`, { key });
    expect(reused.status).toBe(400);
    expect(reused.body.code).toBe("invalid_cursor");

    // Another workspace sees none of them.
    const other = await h.workspace();
    expect((await h.call("GET", "/v1/users", { key: await other.key() })).body.data).toEqual([]);
    expect((await h.call("GET", `/v1/users/${ids[0]}`, { key: await other.key() })).status).toBe(404);
  });

  it("checks a list's cursor before the object it names: a garbage cursor is a 400 even for an unknown id", async () => {
    const ws = await h.workspace();
    const key = await ws.key();
    for (const path of ["/v1/users/usr_01aaaaaaaaaaaaaaaaaaaaaaaa/events", "/v1/webhooks/endpoints/whep_01aaaaaaaaaaaaaaaaaaaaaaaa/deliveries"]) {
      const garbage = await h.call("GET", `${path}?cursor=garbage`, { key });
      expect([garbage.status, garbage.body.code], path).toEqual([400, "invalid_cursor"]);
      expect((await h.call("GET", path, { key })).status, path).toBe(404);
    }
  });

  it("refuses invalid fields, pointing at each", async () => {
    const ws = await h.workspace();
    const key = await ws.key();
    const cases: [unknown, string][] = [
      [{ externalId: "" }, "/externalId"],
      [{ externalId: "x".repeat(256) }, "/externalId"],
      [{ externalId: "u", email: "not-an-email" }, "/email"],
      [{ externalId: "u", avatarUrl: "javascript:alert(1)" }, "/avatarUrl"],
      [{ externalId: "u", name: "n".repeat(201) }, "/name"],
      [{ externalId: "u", traits: Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`k${i}`, i])) }, "/traits"],
      [{ externalId: "u", traits: { nested: { a: 1 } } }, "/traits/nested"],
      [{ externalId: "u", traits: { list: [1] } }, "/traits/list"],
      [{ externalId: "u", nickname: "x" }, "/nickname"],
    ];
    for (const [json, pointer] of cases) {
      const res = await h.call("POST", "/v1/users", { key, json });
      expect(res.status, JSON.stringify(json).slice(0, 80)).toBe(400);
      expect(
        res.body.errors.map((e: { pointer: string }) => e.pointer),
        JSON.stringify(json).slice(0, 80),
      ).toContain(pointer);
    }
    expect(
      (await h.call("POST", "/v1/users", { key, json: { externalId: "u", traits: Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`k${i}`, i])) } }))
        .status,
    ).toBe(201);
    expect(await countUsers(ws)).toBe(1);
  });
});

describe("companies", () => {
  it("creates, updates by externalId, reads, lists and deletes, with an audit row for each change", async () => {
    const ws = await h.workspace();
    const key = await ws.key();
    const created = await h.call("POST", "/v1/companies", { key, json: { externalId: "acme", name: "Acme" } });
    expect(created.status).toBe(201);
    const company = created.body;
    expect(company).toEqual({
      id: expect.stringMatching(/^cmp_[0-9a-z]{26}$/),
      externalId: "acme",
      name: "Acme",
      monthlySpend: 0,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });

    const spend = await h.call("POST", "/v1/companies", { key, json: { externalId: "acme", name: "Acme", monthlySpend: 499.99 } });
    expect(spend.status).toBe(200);
    expect(spend.body).toMatchObject({ id: company.id, monthlySpend: 499.99 });
    // monthlySpend not given: kept.
    const renamed = await h.call("POST", "/v1/companies", { key, json: { externalId: "acme", name: "Acme Inc." } });
    expect(renamed.body).toMatchObject({ id: company.id, name: "Acme Inc.", monthlySpend: 499.99, createdAt: company.createdAt });
    expect((await h.call("GET", `/v1/companies/${company.id}`, { key })).body).toEqual(renamed.body);

    const second = (await h.call("POST", "/v1/companies", { key, json: { externalId: "globex", name: "Globex" } })).body;
    const list = await h.call("GET", "/v1/companies?limit=1", { key });
    expect(list.body.data.map((c: { id: string }) => c.id)).toEqual([second.id]);
    const next = await h.call("GET", `/v1/companies?limit=1&cursor=${encodeURIComponent(list.body.nextCursor)}`, { key });
    expect(next.body).toEqual({ data: [renamed.body], nextCursor: null });

    for (const [json, pointer] of [
      [{ externalId: "x", name: "" }, "/name"],
      [{ externalId: "x", name: "   " }, "/name"],
      [{ externalId: "x", name: "X", monthlySpend: -1 }, "/monthlySpend"],
      [{ externalId: "x", name: "X", monthlySpend: "10" }, "/monthlySpend"],
      [{ externalId: "x" }, "/name"],
      [{ name: "X" }, "/externalId"],
    ] as const) {
      const res = await h.call("POST", "/v1/companies", { key, json });
      expect(res.status, JSON.stringify(json)).toBe(400);
      expect(res.body.errors.map((e: { pointer: string }) => e.pointer)).toContain(pointer);
    }

    const user = (await h.call("POST", "/v1/users", { key, json: { externalId: "u", companyId: company.id } })).body;
    expect((await h.call("DELETE", `/v1/companies/${company.id}`, { key })).status).toBe(204);
    expect((await h.call("DELETE", `/v1/users/${user.id}`, { key })).status).toBe(204);

    const audit = await h.database.db
      .selectFrom("audit_log")
      .select(["action", "object_id", "actor_type", "actor_id", "request_id"])
      .where("workspace_id", "=", ws.id)
      .where("object_type", "in", ["user", "company"])
      .orderBy("id")
      .execute();
    expect(audit.map((a) => [a.action, a.object_id])).toEqual([
      ["company.upserted", company.id],
      ["company.upserted", company.id],
      ["company.upserted", company.id],
      ["company.upserted", second.id],
      ["user.upserted", user.id],
      ["company.deleted", company.id],
      ["user.erased", user.id],
    ]);
    expect(audit.every((a) => a.actor_type === "api_key" && a.actor_id?.startsWith("key_") && a.request_id)).toBe(true);
    // Only the erasure is an event (user.erased): upserts through the API send none.
    const outbox = await h.database.db.selectFrom("outbox").select("type").where("workspace_id", "=", ws.id).execute();
    expect(outbox).toEqual([{ type: "user.erased" }]);
  });

  it("lists companies by monthly spend, highest first, ties newest first, paged by the order's own cursor", async () => {
    const ws = await h.workspace();
    const key = await ws.key();
    const company = async (externalId: string, monthlySpend: number) =>
      (await h.call("POST", "/v1/companies", { key, json: { externalId, name: externalId, monthlySpend } })).body.id as string;
    const acme = await company("acme", 500);
    const globex = await company("globex", 0);
    const initech = await company("initech", 1200);
    const umbrella = await company("umbrella", 500);
    const bySpend = await h.call("GET", "/v1/companies?sort=spend&limit=3", { key });
    expect(bySpend.body.data.map((c: { id: string }) => c.id)).toEqual([initech, umbrella, acme]);
    const rest = await h.call("GET", `/v1/companies?sort=spend&limit=3&cursor=${encodeURIComponent(bySpend.body.nextCursor)}`, { key });
    expect(rest.body.data.map((c: { id: string }) => c.id)).toEqual([globex]);
    // A cursor of one order does not continue the other.
    expect((await h.call("GET", `/v1/companies?limit=3&cursor=${encodeURIComponent(bySpend.body.nextCursor)}`, { key })).status).toBe(400);
    expect((await h.call("GET", "/v1/companies?sort=revenue", { key })).status).toBe(400);
  });

  it("enforces the users scopes", async () => {
    const ws = await h.workspace();
    const reader = await ws.key(["users:read"]);
    expect((await h.call("GET", "/v1/users", { key: reader })).status).toBe(200);
    expect((await h.call("GET", "/v1/companies", { key: reader })).status).toBe(200);
    const refused = await h.call("POST", "/v1/users", { key: reader, json: { externalId: "u" } });
    expect(refused.status).toBe(403);
    expect(refused.body.requiredScope).toBe("users:write");
    expect((await h.call("POST", "/v1/companies", { key: reader, json: { externalId: "c", name: "C" } })).status).toBe(403);
    expect((await h.call("GET", "/v1/users", { key: await ws.key(["posts:read"]) })).body.requiredScope).toBe("users:read");
  });
});
