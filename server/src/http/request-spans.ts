import type { IncomingMessage, ServerResponse } from "node:http";
import type { Attributes, Span } from "@opentelemetry/api";
import type { Tracing } from "../platform/traces/start.js";
import { answererOf, type DoorKind } from "./metrics/requests.js";

// A server span per request, begun as the front door sees it and ended once its answer is written,
// at the points where the request is timed (front-door/index.ts). It is named and labelled as the
// metrics are, by what answered it (an operation id or a kind), plus the route's template, never
// the path asked: no id, key, email or token of a URL or header reaches a span. Each request
// starts a trace of its own; a `traceparent` header sent by a client is not followed (callers are
// customers' apps and browsers, whose traces are not Heed's to join).

/** Methods outside these are `_OTHER`, as the conventions say, so a client cannot make up span names. */
const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "CONNECT", "TRACE"]);

export interface RequestSpans {
  /** A span for a request that just arrived. */
  start(req: IncomingMessage): Span;
  /** Runs `answer` with `span` as the active span, so the statements it runs are its children. */
  within<T>(span: Span, answer: () => T): T;
  /** Names and ends `span` once the answer is written: `door`, when the front door answered. */
  end(span: Span, req: IncomingMessage, res: ServerResponse, door?: DoorKind): void;
}

export function requestSpans(tracing: Tracing): RequestSpans {
  const { api, semconv, tracer } = tracing;
  const methodOf = (req: IncomingMessage) => {
    const method = req.method ?? "";
    return METHODS.has(method) ? method : semconv.HTTP_REQUEST_METHOD_VALUE_OTHER;
  };
  return {
    start: (req) =>
      tracer.startSpan(methodOf(req), { kind: api.SpanKind.SERVER, attributes: { [semconv.ATTR_HTTP_REQUEST_METHOD]: methodOf(req) } }, api.ROOT_CONTEXT),
    within: (span, answer) => api.context.with(api.trace.setSpan(api.ROOT_CONTEXT, span), answer),
    end: (span, req, res, door) => {
      const { name, route } = door ? { name: door, route: undefined } : answererOf(req);
      const status = res.statusCode;
      const attributes: Attributes = { [semconv.ATTR_HTTP_RESPONSE_STATUS_CODE]: status, "heed.operation": name };
      if (route) attributes[semconv.ATTR_HTTP_ROUTE] = route;
      // A server's 4xx is the client's doing; only a 5xx marks the span as failed.
      if (status >= 500) {
        attributes[semconv.ATTR_ERROR_TYPE] = String(status);
        span.setStatus({ code: api.SpanStatusCode.ERROR });
      }
      span.setAttributes(attributes);
      span.updateName(`${methodOf(req)} ${name}`);
      span.end();
    },
  };
}
