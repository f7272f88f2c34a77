import autocannon from "autocannon";

export interface Measurement {
  name: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

export interface LoadOptions {
  headers?: Record<string, string>;
  seconds: number;
  connections: number;
  method?: "GET" | "POST";
  body?: string;
  /** Headers made anew for every request (a fresh Idempotency-Key, say). */
  perRequestHeaders?: () => Record<string, string>;
}

/** A bounded load from this process: `connections` keep-alive connections for `seconds`. */
export async function measure(name: string, url: string, options: LoadOptions): Promise<Measurement> {
  const { perRequestHeaders } = options;
  const request: Record<string, unknown> = { method: options.method ?? "GET", body: options.body };
  // autocannon calls setupRequest whenever the key is present, so it is only set when needed.
  if (perRequestHeaders) request.setupRequest = (req: { headers?: Record<string, string> }) => ({ ...req, headers: { ...req.headers, ...perRequestHeaders() } });
  const requests = [request];
  const base = { url, headers: options.headers, connections: options.connections, requests } as autocannon.Options;
  // A short warm-up first, so JIT and caches are the same for every target.
  await autocannon({ ...base, duration: 2 });
  const result = await autocannon({ ...base, duration: options.seconds });
  return {
    name,
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}
