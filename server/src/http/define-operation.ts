import { createRoute, type OpenAPIHono, type RouteConfig, type RouteHandler, type z } from "@hono/zod-openapi";
import type { Context, TypedResponse } from "hono";
import type { JSONParsed } from "hono/utils/types";
import type { ErrorCode } from "../platform/errors.js";
import type { ApiTag } from "./api-document.js";
import { authenticateRoute } from "./auth.js";
import type { AppEnv } from "./env.js";
import { answeredWithEtag, type Maker } from "./answers.js";
import { idempotent } from "./idempotency/middleware.js";
import { utf8JsonOnly } from "./json-charset.js";
import { ConditionalHeaders, errorResponses, IdempotencyHeaders, jsonBody, jsonContent, NOT_MODIFIED } from "./openapi.js";
import { credentialLine, securityOf, type RouteCredential } from "./route-security.js";
import { verbArgs, type VerbArgs } from "./verb-args.js";

// Every /v1 operation is one `defineOperation(spec, call)`. From the spec alone come the
// OpenAPI entry, its description's credential line, the Idempotency-Key header of a write, the
// documented refusals, and the route's middleware: authentication with the declared credential
// (before validation, so refusals come 401, 403, then 400), then validation, then the handler,
// wrapped for Idempotency-Key when it writes (so a key is claimed only by a request that runs).
// Most operations only call their verb (`{ verb: listBoards }`, see `Call`); the handler is
// written out where a route does more than that (cookies, redirects, counting attempts).

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
  | { status: 302; description: string }
  /** A file streamed as it is read (an export's archive): its media type; never kept, never buffered for an ETag. */
  | { status: 200; file: string; description: string };

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
  /**
   * A request body that is a file (an import's CSV), streamed to the handler unread: documented
   * with its media type, never parsed, never buffered for an Idempotency-Key. Its route sets its
   * own size limit (app.ts leaves it out of BODY_LIMIT_BYTES).
   */
  upload?: { mediaType: string; description: string };
  /**
   * A JSON body read as the bytes it was sent in (a provider's webhook, whose signature is over
   * them): documented as the object it is, left unparsed for the handler. `schema` is plain
   * JSON Schema for the reference only; a zod schema here would be parsed by the validator.
   */
  rawJson?: { description: string; schema: { type: "object"; description: string; additionalProperties: true } };
  answer: Answer;
  /** Refusals beyond those of every route with this credential, method, body and path parameters (`not_found`). */
  errors?: ErrorCode[];
  /**
   * A GET whose answer depends only on the workspace's data, the URL and the reader: answers are
   * kept until the workspace changes (answers.ts). Not for answers that change with the clock:
   * `exceptWith` names query parameters that make one so (a list of what has been idle N days),
   * `onlyWith` those without which one is (a period that ends today unless it says when).
   */
  cache?: true | { exceptWith?: string[]; onlyWith?: string[] };
}

/** Whether a request's answer may be kept, from the spec's `cache`. */
function keepsAnswers(cache: OperationSpec["cache"]): (url: string) => boolean {
  if (cache === undefined) return () => false;
  if (cache === true) return () => true;
  return (url) => {
    const query = new URL(url).searchParams;
    return !(cache.exceptWith ?? []).some((name) => query.has(name)) && (cache.onlyWith ?? []).every((name) => query.has(name));
  };
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
    : A extends { file: string }
      ? { 200: { description: string; content: Record<string, { schema: { type: "string"; format: "binary" } }> } }
      : { 204: { description: string } };

type RouteOf<S extends OperationSpec> = {
  method: S["method"];
  path: S["path"];
  request: RequestOf<S>;
  responses: ResponsesOf<S["answer"]>;
};

type Handler<S extends OperationSpec> = RouteHandler<RouteOf<S>, AppEnv>;

/** Whether answering `Result` with the spec's status is an answer the route documents: what `c.json(result, status)` is checked for in a handler. */
type Answers<S extends OperationSpec, Result> = S["answer"] extends { status: 204 }
  ? true
  : S["answer"] extends { status: infer Code extends 200 | 201 | 202 } & { existing?: undefined }
    ? Response & TypedResponse<JSONParsed<Result>, Code, "json"> extends Awaited<ReturnType<Handler<S>>>
      ? true
      : false
    : false;

/**
 * An operation that only calls its verb, in place of a handler. The verb gets the context of the
 * route's credential and, as `input`, the validated query, body and path parameters in one object
 * (verb-args.ts); `idAs` is the verb's name for the path's `{id}` where that is not `id` (`postId`
 * under /posts/{id}/comments). Its result is the answer, with the answer's status; a 204 has no body.
 */
export interface Call<S extends OperationSpec, Result, Id extends string> {
  // NoInfer: `Id` is what `idAs` says, never a guess from the keys of the verb's input.
  verb: (args: VerbArgs<S, NoInfer<Id>>) => Promise<Result>;
  idAs?: Id;
  /** What the route does before its verb runs, as counting a sign-in attempt; it may refuse by throwing. */
  before?: (c: Context<AppEnv>) => Promise<void>;
}

/** The answer of a `Call`, its verb's result: the checks above make its casts safe. */
function callResult(spec: OperationSpec, { verb, idAs, before }: Call<OperationSpec, unknown, string>) {
  const call = verb as (args: object) => Promise<unknown>;
  return async (c: Context<AppEnv>) => {
    await before?.(c);
    return call(verbArgs(c, spec, idAs));
  };
}

/** The handler of a `Call`. */
function callHandler(spec: OperationSpec, serve: Call<OperationSpec, unknown, string>) {
  const result = callResult(spec, serve);
  const { status } = spec.answer;
  return async (c: Context<AppEnv>) => {
    const answered = await result(c);
    return status === 204 ? c.body(null, 204) : c.json(answered as object, status as 200);
  };
}

/** A read that only calls its verb answers its 200's JSON as bytes, which answers.ts keeps and hashes as they are. */
function readMaker(spec: OperationSpec, serve: Handler<OperationSpec> | Call<OperationSpec, unknown, string>): Maker<never> {
  if (typeof serve === "function") return { handler: serve as never };
  const result = callResult(spec, serve);
  return { json: async (c) => Buffer.from(JSON.stringify(await result(c))) };
}

/** An operation from its spec, and either the verb it calls (`Call`) or its handler. */
export function defineOperation<const S extends OperationSpec, Result, const Id extends string = never>(
  spec: S,
  call: Call<S, Result, Id> & (Answers<S, Result> extends true ? unknown : { verb: "answers what the spec's `answer` does not describe" }),
): Operation;
export function defineOperation<const S extends OperationSpec>(spec: S, handler: Handler<S>): Operation;
export function defineOperation(spec: OperationSpec, serve: Handler<OperationSpec> | Call<OperationSpec, unknown, string>): Operation {
  // Idempotency-Key makes a retried write safe for keys and the customer side. The session's own
  // routes (signing in, out, accepting an invite) are not remembered: their answers set cookies,
  // and a replay must never hand a session out again. There the header is ignored.
  const writes = spec.method !== "get" && (spec.credential.kind === "secret" || spec.credential.kind === "public") && !spec.upload;
  const reads = spec.method === "get" && spec.answer.status === 200 && !("file" in spec.answer);
  const request = {
    ...(writes ? { headers: IdempotencyHeaders } : {}),
    ...(reads ? { headers: ConditionalHeaders } : {}),
    ...(spec.params ? { params: spec.params } : {}),
    ...(spec.query ? { query: spec.query } : {}),
    ...(spec.body ? { body: jsonBody(spec.body) } : {}),
    ...(spec.upload
      ? {
          body: {
            required: true,
            description: spec.upload.description,
            content: { [spec.upload.mediaType]: { schema: { type: "string" as const, format: "binary" } } },
          },
        }
      : {}),
    ...(spec.rawJson
      ? { body: { required: true, description: spec.rawJson.description, content: { "application/json": { schema: spec.rawJson.schema } } } }
      : {}),
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
      [answer.status]:
        "schema" in answer
          ? jsonContent(answer.schema, answer.description)
          : "file" in answer
            ? { description: answer.description, content: { [answer.file]: { schema: { type: "string" as const, format: "binary" } } } }
            : { description: answer.description },
      ...(reads ? { 304: NOT_MODIFIED } : {}),
      ...errorResponses({ credential: spec.credential, write: writes, body: spec.body !== undefined, params: spec.params !== undefined, extra: spec.errors }),
    },
    middleware: spec.body ? [authenticateRoute(spec.credential), utf8JsonOnly] : [authenticateRoute(spec.credential)],
  });
  // A read that only calls its verb never needs a Response made from its result (readMaker).
  const handler = () => (typeof serve === "function" ? serve : callHandler(spec, serve)) as never;
  const run = reads ? answeredWithEtag(readMaker(spec, serve), keepsAnswers(spec.cache)) : writes ? idempotent(spec.method, handler()) : handler();
  return {
    route,
    credential: spec.credential,
    register: (app) => app.openapi(route, run),
  };
}
