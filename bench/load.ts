import autocannon from "autocannon";

export interface Measurement {
  name: string;
  requestsPerSecond: number;
  /** Latency percentiles of the steady state: every response except each connection's first. */
  p50: number;
  p99: number;
  /**
   * The slowest first response of a connection. libuv (1.45 and later) accepts one new connection per
   * event-loop turn, so connections opened while the server is saturated wait for their first
   * answer; that start-up ramp is reported here rather than mixed into the steady-state p99.
   */
  firstResponseMax: number;
  errors: number;
  non2xx: number;
  /** CPU time per answered request, in µs: the load generator's (this process), and the server's when it was given. */
  cpuPerRequest: { load: number; server?: number };
}

export interface LoadOptions {
  headers?: Record<string, string>;
  seconds: number;
  connections: number;
  method?: "GET" | "POST";
  body?: string;
  /** Headers made anew for every request (a fresh Idempotency-Key, say). */
  perRequestHeaders?: () => Record<string, string>;
  /** A path (with its query) made anew for every request: a list no cache can serve. */
  perRequestPath?: () => string;
  /** The server under load, whose processes' CPU time is measured with the run. */
  server?: { cpuMicros(): number };
}

/** The p-th percentile of ascending `sorted` values; NaN when there are none. */
export function percentile(sorted: number[], p: number): number {
  return sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** A bounded load from this process: `connections` keep-alive connections for `seconds`. */
export async function measure(name: string, url: string, options: LoadOptions): Promise<Measurement> {
  const { perRequestHeaders, perRequestPath } = options;
  const request: Record<string, unknown> = { method: options.method ?? "GET", body: options.body };
  // autocannon calls setupRequest whenever the key is present, so it is only set when needed.
  if (perRequestHeaders || perRequestPath)
    request.setupRequest = (req: { headers?: Record<string, string>; path?: string }) => ({
      ...req,
      ...(perRequestPath ? { path: perRequestPath() } : {}),
      headers: { ...req.headers, ...perRequestHeaders?.() },
    });
  const requests = [request];
  const base = { url, headers: options.headers, connections: options.connections, requests } as autocannon.Options;
  // A short warm-up first, so JIT and caches are the same for every target.
  await autocannon({ ...base, duration: 2 });
  const loadCpuBefore = process.cpuUsage();
  const serverCpuBefore = options.server?.cpuMicros();
  let instance!: autocannon.Instance;
  const run = new Promise<autocannon.Result>((resolve, reject) => {
    instance = autocannon({ ...base, duration: options.seconds }, (error, result) => (error ? reject(error) : resolve(result)));
  });
  const steady: number[] = [];
  const answered = new Set<unknown>();
  let firstResponseMax = 0;
  instance.on("response", (client, _status, _bytes, responseTime) => {
    if (answered.has(client)) steady.push(responseTime);
    else {
      answered.add(client);
      firstResponseMax = Math.max(firstResponseMax, responseTime);
    }
  });
  const result = await run;
  const loadCpu = process.cpuUsage(loadCpuBefore);
  const answeredCount = Math.max(1, result.requests.total);
  const cpuPerRequest = {
    load: (loadCpu.user + loadCpu.system) / answeredCount,
    server: serverCpuBefore === undefined ? undefined : (options.server!.cpuMicros() - serverCpuBefore) / answeredCount,
  };
  // As it goes, so a run that stops early still shows what it measured.
  console.error(`measured ${name}: ${result.requests.average.toFixed(0)} req/s`);
  steady.sort((a, b) => a - b);
  return {
    name,
    requestsPerSecond: result.requests.average,
    p50: Math.round(percentile(steady, 50)),
    p99: Math.round(percentile(steady, 99)),
    firstResponseMax: Math.round(firstResponseMax),
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    cpuPerRequest,
  };
}
