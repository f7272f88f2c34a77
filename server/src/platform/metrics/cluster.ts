import cluster, { type Worker } from "node:cluster";
import { AggregatorRegistry } from "prom-client";
import { metricsRegistry } from "./registry.js";

// With WORKERS, the serving processes share one port, so a scrape reaches whichever process the
// kernel hands it to: what one process counted alone would jump between scrapes. The primary
// therefore answers for the machine: it asks every worker for its figures over the cluster's IPC
// channel, adds its own (the background work's, its thread's database timings), and sums them
// (prom-client's aggregation: counters and histograms summed, memory summed over the processes,
// event-loop delay averaged). A worker asked for /metrics on the main port asks the primary.

const ASK_OWN = "heed:metrics:own?";
const OWN = "heed:metrics:own";
const ASK_MACHINE = "heed:metrics:machine?";
const MACHINE = "heed:metrics:machine";
/** A process that does not answer within this is left out of the scrape rather than holding it up. */
const ANSWER_MS = 5_000;

type Message = { type: string; id: number; metrics?: unknown; text?: string };
const isMessage = (message: unknown): message is Message => typeof (message as Message | null)?.type === "string";

let asked = 0;
const waiting = new Map<number, (message: Message) => void>();

/** Sends `message` and waits for the answer with its id, or undefined after ANSWER_MS. */
function ask(send: (message: Message) => void, type: string): Promise<Message | undefined> {
  const id = ++asked;
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      waiting.delete(id);
      resolve(undefined);
    }, ANSWER_MS);
    waiting.set(id, (answer) => {
      clearTimeout(timer);
      waiting.delete(id);
      resolve(answer);
    });
    send({ type, id });
  });
}

function answered(message: Message): void {
  waiting.get(message.id)?.(message);
}

/** In the primary: the machine's figures, every worker's and its own, summed, in Prometheus's text format. */
export async function machineMetrics(): Promise<string> {
  const workers = Object.values(cluster.workers ?? {}).filter((worker): worker is Worker => worker?.isConnected() === true);
  const theirs = await Promise.all(workers.map((worker) => ask((message) => worker.send(message), ASK_OWN)));
  const all = [await metricsRegistry.getMetricsAsJSON(), ...theirs.flatMap((answer) => (answer?.metrics ? [answer.metrics] : []))];
  return AggregatorRegistry.aggregate(all as Parameters<typeof AggregatorRegistry.aggregate>[0]).metrics();
}

/** In the primary: answers the workers' figures and their requests for the machine's. */
export function gatherWorkers(): void {
  cluster.on("message", (worker: Worker, message: unknown) => {
    if (!isMessage(message)) return;
    if (message.type === OWN) answered(message);
    if (message.type === ASK_MACHINE)
      void machineMetrics().then((text) => {
        if (worker.isConnected()) worker.send({ type: MACHINE, id: message.id, text });
      });
  });
}

/** In a worker: gives the primary this process's figures when it asks, and takes its answers. */
export function reportToPrimary(): void {
  process.on("message", (message: unknown) => {
    if (!isMessage(message)) return;
    if (message.type === MACHINE) answered(message);
    if (message.type === ASK_OWN) void metricsRegistry.getMetricsAsJSON().then((metrics) => process.send?.({ type: OWN, id: message.id, metrics }));
  });
}

/** In a worker: the machine's figures, from the primary; undefined when it did not answer. */
export async function askPrimary(): Promise<string | undefined> {
  const answer = await ask((message) => process.send?.(message), ASK_MACHINE);
  return answer?.text;
}
