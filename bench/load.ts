import autocannon from "autocannon";

export interface Measurement {
  name: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

/** A bounded load from this process: `connections` keep-alive connections for `seconds`. */
export async function measure(name: string, url: string, options: { headers?: Record<string, string>; seconds: number; connections: number }): Promise<Measurement> {
  // A short warm-up first, so JIT and caches are the same for every target.
  await autocannon({ url, headers: options.headers, connections: options.connections, duration: 2 });
  const result = await autocannon({ url, headers: options.headers, connections: options.connections, duration: options.seconds });
  return {
    name,
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}
