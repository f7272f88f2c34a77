import { describe, expect, it } from "vitest";
import { ID_PREFIXES, type IdKind, idPattern, newId } from "../src/platform/lib/ids.js";
import { useHarness } from "./support/harness.js";
import { makeMembers } from "./support/members.js";

// Every id in the OpenAPI document, sent or answered, says what it looks like: its kind's prefix
// and alphabet, as a `pattern`. The ids Heed makes match their kind's pattern, and the answers of
// the API match the patterns the document gives them.

const h = useHarness();

// biome-ignore lint/suspicious/noExplicitAny: a JSON Schema walked by hand
type Schema = any;

// Strings that hold someone else's id, not Heed's: the customer's own ids, request ids, an OIDC client.
const NOT_HEED_IDS = new Set(["externalId", "requestId", "clientId", "anonymousId"]);
// The customer's own ids, and a tracker's (a GitHub repository, a Linear team or issue): not Heed's.
const CUSTOMERS_OWN = new Set(["Identify", "IdentifyCompany", "TrackEvent", "IntegrationTarget", "TrackerIssue"]);
const isIdName = (name: string) => !NOT_HEED_IDS.has(name) && (name === "id" || name === "ids" || name === "into" || /(Id|Ids|To)$/.test(name));

/** Every string a name says is an id, with where it is and its schema (through arrays, nullable unions). */
function idFields(doc: Schema): { where: string; schema: Schema }[] {
  const found: { where: string; schema: Schema }[] = [];
  const strings = (schema: Schema, where: string): void => {
    if (!schema || schema.$ref) return;
    if (schema.type === "array") {
      strings(schema.items, `${where}[]`);
      return;
    }
    for (const key of ["anyOf", "oneOf"]) for (const [i, s] of (schema[key] ?? []).entries()) strings(s, `${where}|${i}`);
    if (schema.type === "string" || (Array.isArray(schema.type) && schema.type.includes("string"))) found.push({ where, schema });
  };
  const walk = (node: Schema, where: string): void => {
    if (!node || typeof node !== "object") return;
    if (node.properties && !CUSTOMERS_OWN.has(where.split("/")[3] ?? "")) {
      for (const [name, s] of Object.entries<Schema>(node.properties)) if (isIdName(name)) strings(s, `${where}/properties/${name}`);
    }
    if (node.in && node.name && node.schema && (isIdName(node.name) || (node.in === "query" && ["tag", "status"].includes(node.name)))) {
      strings(node.schema, `${where}(${node.in} ${node.name})`);
    }
    for (const [key, value] of Object.entries(node)) walk(value, `${where}/${key}`);
  };
  walk(doc, "");
  return found;
}

let checked = 0;

/** Checks every string of an answer against the pattern its schema in the document gives it. */
function mismatches(doc: Schema, schema: Schema, value: unknown, where: string, out: string[]): string[] {
  if (!schema || value === null || value === undefined) return out;
  if (schema.$ref) return mismatches(doc, doc.components.schemas[schema.$ref.split("/").pop()], value, where, out);
  for (const key of ["anyOf", "oneOf", "allOf"]) for (const s of schema[key] ?? []) mismatches(doc, s, value, where, out);
  if (typeof value === "string" && schema.pattern) {
    checked++;
    if (!new RegExp(schema.pattern).test(value)) out.push(`${where}: ${value} !~ ${schema.pattern}`);
  }
  if (Array.isArray(value) && schema.items) {
    for (const [i, v] of value.entries()) mismatches(doc, schema.items, v, `${where}/${i}`, out);
  }
  if (value && typeof value === "object" && !Array.isArray(value) && schema.properties) {
    for (const [k, v] of Object.entries(value)) mismatches(doc, schema.properties[k], v, `${where}/${k}`, out);
  }
  return out;
}

describe("ids in the OpenAPI document", () => {
  it("each have their kind's pattern, on every id field and parameter", async () => {
    const doc = (await h.call("GET", "/openapi.json")).body;
    const fields = idFields(doc);
    expect(fields.length).toBeGreaterThan(150);
    const without = fields.filter((f) => !f.schema.pattern && !f.schema.enum).map((f) => f.where);
    expect(without).toEqual([]);
    // Each pattern names prefixes of Heed's ids and their alphabet.
    const prefixes = new Set<string>(Object.values(ID_PREFIXES));
    for (const { where, schema } of fields.filter((f) => f.schema.pattern)) {
      expect(schema.pattern, where).toContain("_[0-9a-hjkmnp-tv-z]{26}");
      const named = /^\^(?:\(\?:)*([a-z|]+)\)?_/.exec(schema.pattern)?.[1]?.split("|") ?? [];
      expect(named.length, where).toBeGreaterThan(0);
      for (const p of named) expect(prefixes.has(p), `${where} ${p}`).toBe(true);
    }
  });

  it("match the ids Heed makes, and the ids its answers hold", async () => {
    for (const [kind, prefix] of Object.entries(ID_PREFIXES)) {
      for (const id of [newId(kind as IdKind), newId(kind as IdKind, 0), newId(kind as IdKind, Date.UTC(2999, 0))]) {
        expect(id, kind).toMatch(new RegExp(idPattern(prefix)));
      }
    }
    const doc = (await h.call("GET", "/openapi.json")).body;
    const ws = await h.workspace();
    const key = await ws.key();
    const boardId = await ws.boardId();
    const user = (await h.call("POST", "/v1/users", { key, json: { externalId: "ids-1", name: "Ida" } })).body.id;
    const post = (await h.call("POST", "/v1/posts", { key, json: { boardId, title: "Ids everywhere", authorId: user } })).body.id;
    await h.call("POST", `/v1/posts/${post}/votes`, { key, json: { userId: user } });
    await h.call("POST", `/v1/posts/${post}/comments`, { key, json: { body: "A comment" } });
    const entry = (await h.call("POST", "/v1/changelog", { key, json: { title: "Shipped", type: "new", postIds: [post] } })).body.id;
    await h.call("POST", `/v1/changelog/${entry}/publish`, { key, json: {} });
    await makeMembers(h.database.db, ws.id, ["member"], "a long enough password");
    const reads: [string, string][] = [
      ["/posts", "/posts"],
      [`/posts/${post}`, "/posts/{id}"],
      [`/posts/${post}/votes`, "/posts/{id}/votes"],
      [`/posts/${post}/comments`, "/posts/{id}/comments"],
      [`/posts/${post}/activity`, "/posts/{id}/activity"],
      ["/boards", "/boards"],
      ["/statuses", "/statuses"],
      ["/changelog", "/changelog"],
      ["/users", "/users"],
      ["/members", "/members"],
      ["/api-keys", "/api-keys"],
      ["/audit-log", "/audit-log"],
      ["/workspace", "/workspace"],
    ];
    for (const [path, documented] of reads) {
      const res = await h.call("GET", `/v1${path}`, { key });
      expect(res.status, path).toBe(200);
      const schema = doc.paths[documented].get.responses["200"].content["application/json"].schema;
      const before = checked;
      expect(mismatches(doc, schema, res.body, path, []), path).toEqual([]);
      expect(checked, `${path} has ids`).toBeGreaterThan(before);
    }
  });

  it("refuse a malformed id with a 400 naming it, and keep a well-formed unknown one a 404", async () => {
    const ws = await h.workspace();
    const key = await ws.key();
    const malformed = await h.call("GET", "/v1/posts/brd_01jd8x4y2b3c5d6e7f8g9h0j1k", { key });
    expect(malformed.status).toBe(400);
    expect(malformed.body.errors).toEqual([expect.objectContaining({ pointer: "/path/id" })]);
    expect((await h.call("GET", "/v1/posts/post_01jd8x4y2b3c5d6e7f8g9h0j1k", { key })).status).toBe(404);
    const badBody = await h.call("POST", "/v1/posts", { key, json: { boardId: "brd_NOPE", title: "x" } });
    expect(badBody.status).toBe(400);
    expect(badBody.body.errors).toEqual([expect.objectContaining({ pointer: "/boardId" })]);
  });
});
