// The headers Heed's middleware puts on responses, documented once as components of the OpenAPI
// document and referenced from every response that carries them, so a client (and the typed client
// generated from the document) knows them. The middleware that sets them: request-id.ts,
// rate-limit.ts, idempotency.ts, answers.ts.

import { remembered } from "./idempotency/middleware.js";

const integer = (description: string, example: number, format: "int32" | "int64" = "int32") => ({
  description,
  schema: { type: "integer" as const, format, minimum: 0, maximum: format === "int32" ? 2_147_483_647 : Number.MAX_SAFE_INTEGER, example },
});
const string = (description: string, example: string, maxLength: number, pattern: string) => ({
  description,
  schema: { type: "string" as const, maxLength, pattern, example },
});

/** On every response of the API host. */
const EVERY_RESPONSE = {
  "x-request-id": string(
    "This request's id: the caller's own `x-request-id`, or one Heed made. Quote it when reporting a problem.",
    "req_01jd8x4y2b3c5d6e7f8g9h0j1k",
    64,
    "^[A-Za-z0-9_.:-]{8,64}$",
  ),
  "x-ratelimit-limit": integer("Requests the caller's bucket may make in the current window.", 600),
  "x-ratelimit-remaining": integer("Requests left in the current window.", 599),
  "x-ratelimit-reset": integer("When the current window ends, in Unix seconds.", 1_795_000_000, "int64"),
  "RateLimit-Policy": string(
    "The IETF rate-limit policy: the bucket kind (`key` for an API key, `session` for a dashboard session: one per account, " +
      "`public` for the public key and the client's address, `ip` without a credential), its quota `q` and window `w` in seconds.",
    '"key";q=600;w=60',
    100,
    '^"(key|session|public|ip)";q=\\d+;w=\\d+$',
  ),
  RateLimit: string(
    "The IETF rate-limit state: the bucket kind, requests remaining `r`, and seconds `t` until the window ends.",
    '"key";r=599;t=42',
    100,
    '^"(key|session|public|ip)";r=\\d+;t=\\d+$',
  ),
};

/**
 * Present only where a browser page of another origin may read the answer, and documented on
 * every response so that no client has to guess (a header of a response is optional).
 */
const CROSS_ORIGIN = {
  "Access-Control-Allow-Origin": {
    description:
      "Customer-facing routes (`/identify`, `/track`, `/portal/…`): the request's `Origin`, when it is Heed's own origin or one " +
      "the workspace allows (`allowedOrigins`). Never sent by secret-key routes, so no page of another origin can read their answers.",
    schema: { type: "string" as const, format: "uri", maxLength: 300, example: "https://app.example.com" },
  },
};

/** On every 429. */
const RETRY_AFTER = { "Retry-After": integer("Seconds until the window starts again and a request may pass.", 42) };

/** On a write's answers that an Idempotency-Key remembers (successes, 404s and 409s), when one is replayed. */
const REPLAYED = {
  "idempotent-replayed": {
    description: "`true` when this is the stored answer to an earlier request with the same Idempotency-Key.",
    schema: { type: "string" as const, enum: ["true"] },
  },
};

/** On a GET's answer and its 304 (answers.ts). */
const ENTITY_TAG = {
  ETag: {
    description: "A tag of this answer's body: send it as `If-None-Match` to be told `304` while the answer is the same.",
    schema: { type: "string" as const, maxLength: 100, example: '"3J0tq5Ra0cXxPlRz8kOZ0Yy2l1c"' },
  },
};

export const RESPONSE_HEADERS = { ...EVERY_RESPONSE, ...CROSS_ORIGIN, ...RETRY_AFTER, ...REPLAYED, ...ENTITY_TAG };

const WRITES = new Set(["post", "put", "patch", "delete"]);
const refs = (headers: object) => Object.fromEntries(Object.keys(headers).map((name) => [name, { $ref: `#/components/headers/${name}` }]));

type Responses = Record<string, { headers?: Record<string, unknown> }>;

/** Adds the header components and, to every response of every operation, the headers it carries. */
export function documentResponseHeaders<T extends { paths?: object; components?: { headers?: object } }>(document: T): T {
  document.components = { ...document.components, headers: { ...document.components?.headers, ...RESPONSE_HEADERS } };
  for (const item of Object.values((document.paths ?? {}) as Record<string, Record<string, { responses?: Responses }>>)) {
    for (const [method, operation] of Object.entries(item)) {
      const responses = operation.responses ?? {};
      for (const [status, response] of Object.entries(responses)) {
        response.headers = {
          ...response.headers,
          ...refs(EVERY_RESPONSE),
          ...refs(CROSS_ORIGIN),
          ...(status === "429" ? refs(RETRY_AFTER) : {}),
          ...(WRITES.has(method) && remembered(Number(status)) ? refs(REPLAYED) : {}),
          ...(method === "get" && (status === "200" || status === "304") ? refs(ENTITY_TAG) : {}),
        };
      }
    }
  }
  return document;
}
