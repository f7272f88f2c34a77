import { expect } from "vitest";
import type { Scope } from "../../../packages/shared/src/scopes.js";
import type { RouteCredential } from "../../src/http/route-security.js";
import { operations } from "../../src/routes.js";
import { CUSTOMER_FIXTURES } from "./fixtures/customer.js";
import { FIXTURES } from "./fixtures/index.js";
import type { Fixture, Target } from "./fixtures/types.js";
import type { CallOptions, TestResponse } from "./harness.js";

// What the security suites (security.test.ts, customer-security.test.ts) and the malformed suite
// share: every operation with its credential and fixture, a request that passes validation, and
// the check that a refusal is a documented problem.

export interface SuiteOperation {
  operationId: string;
  method: string;
  path: string;
  credential: RouteCredential;
  /** The secret-key scope, or null on the customer side. */
  scope: Scope | null;
  /** `none`, `optional` or `required`: whether a customer-facing route reads an end-user token. */
  userToken: "none" | "optional" | "required";
  fixture: Fixture;
  /** Whether the route pages with a `limit` query parameter. */
  pages: boolean;
}

export const SUITE_OPERATIONS: SuiteOperation[] = operations.map(({ route, credential }) => {
  return {
    operationId: route.operationId!,
    method: route.method.toUpperCase(),
    path: route.path,
    credential,
    scope: credential.kind === "secret" ? credential.scope : null,
    userToken: credential.kind === "public" ? credential.userToken : "none",
    fixture: (credential.kind === "public" ? CUSTOMER_FIXTURES : FIXTURES)[route.operationId!] ?? {},
    pages: Boolean((route.request?.query as { shape?: Record<string, unknown> } | undefined)?.shape?.limit),
  };
});

/** The operation's path with every parameter filled from its fixture: real ids of their own kind (`{id}` optionally replaced). */
export function pathOf(op: SuiteOperation, t: Target, id?: string): string {
  let path = `/v1${op.path}`;
  for (const [name, value] of Object.entries(op.fixture.params?.(t) ?? {}))
    path = path.replace(`{${name}}`, encodeURIComponent(name === "id" && id !== undefined ? id : value));
  if (path.includes("{")) throw new Error(`${op.operationId}: its fixture fills no parameter of ${path}`);
  return path;
}

/** A request the route takes from a credential it accepts: the path and a body that passes validation. */
export function requestOf(op: SuiteOperation, t: Target): { path: string; options: CallOptions } {
  const query = op.fixture.query?.(t);
  return { path: query ? `${pathOf(op, t)}?${new URLSearchParams(query)}` : pathOf(op, t), options: op.fixture.body ? { json: op.fixture.body(t) } : {} };
}

type Document = { paths: Record<string, Record<string, { responses: Record<string, unknown> }>> };

/** The answer is a problem+json refusal with this status and code, and the document lists the status. */
export function expectProblem(document: Document, op: SuiteOperation, res: TestResponse, status: number, code: string): void {
  expect(res.status, `${op.operationId}: ${JSON.stringify(res.body)}`).toBe(status);
  expect(res.headers.get("content-type")).toContain("application/problem+json");
  expect(res.body).toMatchObject({ status, code, requestId: expect.any(String), type: `urn:heed:problem:${code}` });
  expect(document.paths[op.path]![op.method.toLowerCase()]!.responses[String(status)], `${op.operationId} documents ${status}`).toBeDefined();
}
