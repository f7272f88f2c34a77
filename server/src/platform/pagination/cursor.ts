import { createHmac, createSecretKey, type KeyObject } from "node:crypto";
import { openPayload, signPayload } from "../lib/signed-payload.js";
import { HeedError } from "../errors.js";

// A cursor is `<base64url JSON [queryHash, ...keyValues]>.<base64url HMAC>`: opaque to clients,
// tamper-evident, and bound to the query (route, workspace, sort, filters) that produced it, so a
// cursor pasted into another query is refused rather than silently skipping rows.

export type CursorValue = string | number | null;

// A Buffer key is imported into a KeyObject by every createHmac call, which cost more than the
// HMAC itself on a list request: the secret is imported once per process.
const keys = new WeakMap<Buffer, KeyObject>();
function keyOf(secret: Buffer): KeyObject {
  let key = keys.get(secret);
  if (!key) {
    key = createSecretKey(secret);
    keys.set(secret, key);
  }
  return key;
}

function sign(secret: Buffer, payload: string): string {
  return createHmac("sha256", keyOf(secret)).update(payload).digest("base64url").slice(0, 22);
}

function queryHash(secret: Buffer, queryKey: string): string {
  return createHmac("sha256", keyOf(secret)).update(`query:${queryKey}`).digest("base64url").slice(0, 12);
}

export function encodeCursor(secret: Buffer, queryKey: string, values: CursorValue[]): string {
  return signPayload([queryHash(secret, queryKey), ...values], (payload) => sign(secret, payload));
}

/** What one key value of a cursor is: the sort column's type, or the id's. */
export type CursorKind = "string" | "number";

/** The key values a cursor of these kinds decodes to. */
export type CursorValues<Kinds extends readonly CursorKind[]> = { -readonly [I in keyof Kinds]: Kinds[I] extends "number" ? number : string };

/**
 * The key values of the last row of the previous page, checked against the kinds the query sorts
 * by; 400 for anything we did not issue or that belongs to another query.
 */
export function decodeCursor<const Kinds extends readonly CursorKind[]>(secret: Buffer, queryKey: string, cursor: string, kinds: Kinds): CursorValues<Kinds> {
  const invalid = (why: string) => new HeedError("invalid_cursor", why, { errors: [{ pointer: "/query/cursor", code: "invalid", detail: why }] });
  const parsed = openPayload(cursor, (payload) => sign(secret, payload));
  if (parsed === undefined) throw invalid("The cursor is not one this service issued.");
  if (!Array.isArray(parsed) || parsed.length !== kinds.length + 1 || parsed[0] !== queryHash(secret, queryKey)) {
    throw invalid("The cursor belongs to another query: keep sort and filters unchanged while paging.");
  }
  const values = parsed.slice(1);
  if (values.some((value, i) => typeof value !== kinds[i])) throw invalid("The cursor is not one this service issued.");
  return values as CursorValues<Kinds>;
}
