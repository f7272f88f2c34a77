import { createRoute, type OpenAPIHono, type RouteConfig, type RouteHandler, type z } from "@hono/zod-openapi";
import type { ErrorCode } from "../platform/errors.js";
import type { ApiTag } from "./api-document.js";
import { authenticateRoute } from "./auth.js";
import type { AppEnv } from "./env.js";
import { answeredWithEtag } from "./answers.js";
import { idempotent } from "./idempotency/middleware.js";
import { ConditionalHeaders, errorResponses, IdempotencyHeaders, jsonBody, jsonContent, NOT_MODIFIED } from "./openapi.js";
import { credentialLine, securityOf, type RouteCredential } from "./route-security.js";

// Every /v1 operation is one `defineOperation(spec, handler)`. From the spec alone come the
// OpenAPI entry, its description's credential line, the Idempotency-Key header of a write, the
// documented refusals, and the route's middleware: authentication with the declared credential
// (before validation, so refusals come 401, 403, then 400), then validation, then the handler,
// wrapped for Idempotency-Key when it writes (so a key is claimed only by a request that runs).

type Method = "get" | "post" | "put" | "patch" | "delete";

/**
 * The success answer: JSON with a status, or 204 with no body. A create-or-update answers 201 when
 * it created and 200 with the same schema when the thing was there already (`existing` describes
 * that 200).
 */
export type Answer =
  | { status: 200 | 202; schema: z.ZodType; description: string }
  | { status: 201; schema: z.ZodType; description: string; existing?: string }
  | { status: 204; description: string }
  /** A browser redirect (single sign-on): `Location` says where. */
  | { status: 302; description: string };

export interface OperationSpec {
  method: Method;
  /** Relative to /v1, with `{name}` parameters. */
  path: string;
  /** Also the name of the domain verb it calls, so `git grep` finds both. */
  operationId: string;
  tag: ApiTag;
  summary: string;
  /** What the reference says beyond the credential, which is appended from `credential`. */
  description?: string;
  credential: RouteCredential;
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  answer: Answer;
  /** Refusals beyond those of every route with this credential, method and body. */
  errors?: ErrorCode[];
  /**
   * A GET whose answer depends only on the workspace's data, the URL and the reader: answers are
   * kept until the workspace changes (answers.ts). Not for answers that change with the clock.
   */
  cache?: true;
}

/** One operation, ready to register; `credential` is what CORS and the rate limiter ask of it. */
export interface Operation {
  route: RouteConfig;
  credential: RouteCredential;
  register(app: OpenAPIHono<AppEnv>): void;
}

type None = Record<never, never>;

// The route's type as createRoute would infer it from the literal, so `c.req.valid(…)` and the
// answer's `c.json(…, status)` are checked against the spec's own schemas.
type RequestOf<S extends OperationSpec> = (S extends { params: infer P extends z.ZodObject } ? { params: P } : None) &
  (S extends { query: infer Q extends z.ZodObject } ? { query: Q } : None) &
  (S extends { body: infer B extends z.ZodType } ? { body: { required: true; content: { "application/json": { schema: B } } } } : None);

type ResponsesOf<A extends Answer> = A extends { status: infer Code extends number; schema: infer T extends z.ZodType }
  ? { [K in Code | (A extends { existing: string } ? 200 : never)]: { description: string; content: { "application/json": { schema: T } } } }
  : A extends { status: 302 }
    ? { 302: { description: string } }
    : { 204: { description: string } };

type RouteOf<S extends OperationSpec> = {
  method: S["method"];
  path: S["path"];
  request: RequestOf<S>;
  responses: ResponsesOf<S["answer"]>;
};

export function defineOperation<const S extends OperationSpec>(spec: S, handler: RouteHandler<RouteOf<S>, AppEnv>): Operation {
  // Idempotency-Key makes a retried write safe for keys and the customer side. The session's own
  // routes (signing in, out, accepting an invite) are not remembered: their answers set cookies,
  // and a replay must never hand a session out again. There the header is ignored.
  const writes = spec.method !== "get" && (spec.credential.kind === "secret" || spec.credential.kind === "public");
  const reads = spec.method === "get" && spec.answer.status === 200;
  const request = {
    ...(writes ? { headers: IdempotencyHeaders } : {}),
    ...(reads ? { headers: ConditionalHeaders } : {}),
    ...(spec.params ? { params: spec.params } : {}),
    ...(spec.query ? { query: spec.query } : {}),
    ...(spec.body ? { body: jsonBody(spec.body) } : {}),
  };
  const { answer } = spec;
  const route = createRoute({
    method: spec.method,
    path: spec.path,
    operationId: spec.operationId,
    tags: [spec.tag],
    summary: spec.summary,
    description: [spec.description, credentialLine(spec.credential)].filter(Boolean).join(" "),
    security: securityOf(spec.credential),
    request,
    responses: {
      ...("existing" in answer && answer.existing ? { 200: jsonContent(answer.schema, answer.existing) } : {}),
      [answer.status]: "schema" in answer ? jsonContent(answer.schema, answer.description) : { description: answer.description },
      ...(reads ? { 304: NOT_MODIFIED } : {}),
      ...errorResponses({ credential: spec.credential, write: writes, body: spec.body !== undefined, extra: spec.errors }),
    },
    middleware: [authenticateRoute(spec.credential)],
  });
  const run = writes ? idempotent(spec.method, handler as never) : reads ? answeredWithEtag(handler as never, spec.cache === true) : (handler as never);
  return {
    route,
    credential: spec.credential,
    register: (app) => app.openapi(route, run),
  };
}
