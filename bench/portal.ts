import { percentile } from "./load.js";

// The portal's board page as one reader meets it: requests one after another on one connection,
// so the figure is the time to render the page, not the time spent queueing behind others.

export interface PageTiming {
  p50: number;
  p99: number;
  bytes: number;
}

export async function timePage(url: string, count = 200): Promise<PageTiming> {
  const times: number[] = [];
  let bytes = 0;
  // Warm-up: statements prepared, caches filled.
  for (let i = 0; i < 20; i++) await (await fetch(url)).text();
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    const response = await fetch(url);
    const body = await response.text();
    times.push(performance.now() - started);
    if (!response.ok) throw new Error(`${url} answered ${response.status}`);
    bytes = body.length;
  }
  times.sort((a, b) => a - b);
  return { p50: Number(percentile(times, 50).toFixed(1)), p99: Number(percentile(times, 99).toFixed(1)), bytes };
}
