import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { measure, type LoadOptions, type Measurement } from "./load.js";
import type { Seeded } from "./prepare.js";
import type { ReadFigure } from "./reads.js";
import { startHeed } from "./servers.js";

// BENCH_TRACES=1: page 1, kept, again on a Heed with OTEL_EXPORTER_OTLP_ENDPOINT set, every request
// and statement a span sent to a collector in this process that takes each export and counts its
// spans. Set beside the same figure with traces off (the main figure: the off path is the code
// every run measures), it gives the cost of tracing on; the server's CPU per request says what
// each span costs.

/** Page 1 again with traces on (summary.ts prints its cost against the main figure). */
export const TRACES_ON = "page 1, kept, traces on";

/** A collector that reads and drops OTLP/HTTP exports, counting the spans they held. */
function sink(): Promise<{ url: string; spans: () => number; close(): void }> {
  let spans = 0;
  const server = createServer((req, res) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => (body += chunk));
    req.on("end", () => {
      spans += body.split('"spanId"').length - 1;
      res.writeHead(200, { "content-type": "application/json" }).end("{}");
    });
  });
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () =>
      resolve({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, spans: () => spans, close: () => server.close() }),
    ),
  );
}

/** `around` runs the measurement as the untraced figure's is run (reads.ts: under a write a second to the Heed at `url`). */
export async function withTraces(
  seeded: Seeded,
  load: LoadOptions,
  around: (url: string, measured: () => Promise<Measurement>) => Promise<Measurement>,
): Promise<ReadFigure> {
  const collector = await sink();
  const heed = await startHeed(seeded.databaseUrl, { OTEL_EXPORTER_OTLP_ENDPOINT: collector.url, OTEL_BSP_SCHEDULE_DELAY: "1000" });
  let stopped = false;
  try {
    const measured = await around(heed.url, () => measure(TRACES_ON, `${heed.url}/v1/posts?sort=votes&limit=20`, { ...load, server: heed }));
    await heed.stop();
    stopped = true;
    // The stop sends what was still waiting; spans past the batch processor's queue (2,048) are
    // dropped should the collector fall behind: the count shows tracing ran, not that all arrived.
    if (collector.spans() === 0) throw new Error(`${TRACES_ON}: the collector received no span`);
    console.log(`${TRACES_ON}: ${collector.spans()} spans received for about ${(measured.requestsPerSecond * load.seconds).toFixed(0)} requests`);
    return { heed: measured, bytes: NaN };
  } finally {
    if (!stopped) await heed.stop();
    collector.close();
  }
}
