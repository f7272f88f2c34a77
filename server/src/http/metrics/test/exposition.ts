// Reading Prometheus's text format in the metrics tests: each sample's name, labels and value.

export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

export function samples(text: string): Sample[] {
  const found: Sample[] = [];
  for (const line of text.split("\n")) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match) continue;
    const labels: Record<string, string> = {};
    for (const [, name, value] of (match[2] ?? "").matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) labels[name!] = value!;
    found.push({ name: match[1]!, labels, value: Number(match[3]) });
  }
  return found;
}

/** The value of the sample with this name and (at least) these labels, summed over the samples that match; undefined when none does. */
export function sampleValue(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  const matching = samples(text).filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v));
  return matching.length === 0 ? undefined : matching.reduce((sum, s) => sum + s.value, 0);
}

/** GET /metrics at `base`, with the token when given. */
export async function scrape(base: string, token?: string): Promise<{ status: number; type: string | null; text: string }> {
  const res = await fetch(`${base}/metrics`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  return { status: res.status, type: res.headers.get("content-type"), text: await res.text() };
}
