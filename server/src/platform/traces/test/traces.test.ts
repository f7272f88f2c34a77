import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newId } from "../../lib/ids.js";
import { useHarness } from "../../../../test/support/harness.js";
import { type Started, startServer } from "../../../../test/support/processes.js";

// Traces from a server started as `npm start` starts it, with OTEL_EXPORTER_OTLP_ENDPOINT pointing at
// a collector made here: a node:http server taking OTLP/HTTP's JSON at /v1/traces. Each request is
// one server span named by what answered it, with the route's template and status; each statement
// it ran is a child span in the same trace; no attribute holds an id, a key or an email; and a
// graceful stop sends the spans still waiting.

const h = useHarness();

interface Attribute {
  key: string;
  value: { stringValue?: string; intValue?: string | number; boolValue?: boolean };
}
interface ReceivedSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: Attribute[];
}
/** OTLP's span kinds. */
const SERVER = 2;
const CLIENT = 3;

/** A collector: every span posted to /v1/traces, the resources' service names, and the collector key each export carried. */
function collector(): Promise<{ server: Server; url: string; spans: ReceivedSpan[]; services: Set<string>; keys: Set<string | undefined> }> {
  const spans: ReceivedSpan[] = [];
  const services = new Set<string>();
  const keys = new Set<string | undefined>();
  const server = createServer((req, res) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => (body += chunk));
    req.on("end", () => {
      if (req.method !== "POST" || req.url !== "/v1/traces" || !req.headers["content-type"]?.startsWith("application/json")) {
        res.writeHead(404).end();
        return;
      }
      keys.add(req.headers["x-collector-key"] as string | undefined);
      for (const resource of JSON.parse(body).resourceSpans ?? []) {
        for (const a of resource.resource?.attributes ?? []) if (a.key === "service.name") services.add(a.value.stringValue);
        for (const scope of resource.scopeSpans ?? []) spans.push(...scope.spans);
      }
      res.writeHead(200, { "content-type": "application/json" }).end("{}");
    });
  });
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () => resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, spans, services, keys })),
  );
}

const attribute = (span: ReceivedSpan, key: string) => {
  const value = span.attributes.find((a) => a.key === key)?.value;
  return value?.stringValue ?? (value?.intValue === undefined ? value?.boolValue : Number(value.intValue));
};

async function until<T>(what: string, read: () => T | undefined): Promise<T> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const value = read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

let received: Awaited<ReturnType<typeof collector>>;
const servers: Started[] = [];

beforeAll(async () => {
  received = await collector();
});
afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()));
  received.server.close();
});

async function traced(env: Record<string, string>): Promise<Started> {
  const server = await startServer(h.database.url, {
    SEED_DEMO: "0",
    PUBLIC_URL: h.services.publicUrl,
    OTEL_EXPORTER_OTLP_ENDPOINT: received.url,
    OTEL_EXPORTER_OTLP_HEADERS: "x-collector-key=c%20k",
    ...env,
  });
  servers.push(server);
  return server;
}

describe("traces", () => {
  it("send a span per request, named by what answered it, with each statement a child span", async () => {
    const server = await traced({ OTEL_BSP_SCHEDULE_DELAY: "20", OTEL_SERVICE_NAME: "heed-traces-test" });
    const ws = await h.workspace();
    const key = await ws.key();
    const email = `someone-${newId("user")}@example.com`.toLowerCase();
    const missing = newId("post");
    const get = (path: string) => fetch(`${server.url}${path}`, { headers: { authorization: `Bearer ${key}` } });
    expect((await get(`/v1/posts?search=${encodeURIComponent(email)}`)).status).toBe(200);
    expect((await get(`/v1/posts/${missing}`)).status).toBe(404);

    const serverSpan = (operation: string) => received.spans.filter((s) => s.kind === SERVER && attribute(s, "heed.operation") === operation);
    const [list, notFound] = await until("both requests' spans", () => {
      const [l, n] = [serverSpan("listPosts"), serverSpan("getPost")];
      return l.length > 0 && n.length > 0 ? [l, n] : undefined;
    });
    expect([list.length, notFound.length]).toEqual([1, 1]);
    expect(received.services).toEqual(new Set(["heed-traces-test"]));
    // OTEL_EXPORTER_OTLP_HEADERS, percent-decoded, on every export.
    expect(received.keys).toEqual(new Set(["c k"]));

    const [listSpan, notFoundSpan] = [list[0]!, notFound[0]!];
    expect(listSpan.name).toBe("GET listPosts");
    expect(attribute(listSpan, "http.request.method")).toBe("GET");
    expect(attribute(listSpan, "http.route")).toBe("/v1/posts");
    expect(attribute(listSpan, "http.response.status_code")).toBe(200);
    expect(notFoundSpan.name).toBe("GET getPost");
    expect(attribute(notFoundSpan, "http.route")).toBe("/v1/posts/:id");
    expect(attribute(notFoundSpan, "http.response.status_code")).toBe(404);
    expect(listSpan.traceId).not.toBe(notFoundSpan.traceId);

    // The statements each request ran: children of its span, in its trace, saying what and where, never how.
    const system = h.services.dialect === "postgres" ? "postgresql" : "sqlite";
    for (const request of [listSpan, notFoundSpan]) {
      const statements = await until("the statements' spans", () => {
        const found = received.spans.filter((s) => s.parentSpanId === request.spanId);
        return found.length > 0 ? found : undefined;
      });
      for (const statement of statements) {
        expect(statement.kind).toBe(CLIENT);
        expect(statement.traceId).toBe(request.traceId);
        expect(attribute(statement, "db.system.name")).toBe(system);
        expect(attribute(statement, "db.operation.name")).toMatch(/^[a-z]+$/);
        expect(statement.attributes.map((a) => a.key).sort()).toEqual(expect.not.arrayContaining(["db.query.text"]));
      }
      expect(statements.map((s) => attribute(s, "db.operation.name"))).toContain("select");
    }
    // Nothing outside a request is traced: every statement's span has a request's span above it.
    const ids = new Set(received.spans.map((s) => s.spanId));
    for (const span of received.spans.filter((s) => s.kind === CLIENT)) expect(ids.has(span.parentSpanId ?? "")).toBe(true);

    const everything = JSON.stringify(received.spans);
    for (const secret of [key, key.slice(-12), email, missing, ws.id, ws.slug]) expect(everything).not.toContain(secret);
    expect(everything).not.toMatch(/@example\.com|heed_sk_/);
  });

  it("sends the spans still waiting when the server stops", async () => {
    // Spans wait ten minutes to be batched: only the stop can have sent them.
    const server = await traced({ OTEL_BSP_SCHEDULE_DELAY: "600000", OTEL_SERVICE_NAME: "heed-stopping" });
    const before = received.spans.length;
    expect((await fetch(`${server.url}/v1/boards`)).status).toBe(401);
    expect(await server.stop()).toBe(0);
    const late = received.spans.slice(before);
    expect(late.some((s) => s.kind === SERVER && s.name === "GET front-door:refusal" && attribute(s, "http.response.status_code") === 401)).toBe(true);
    expect(received.services.has("heed-stopping")).toBe(true);
  });
});
