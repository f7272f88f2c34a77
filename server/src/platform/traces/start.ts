import type * as Api from "@opentelemetry/api";
import type * as ContextHooks from "@opentelemetry/context-async-hooks";
import type * as Exporter from "@opentelemetry/exporter-trace-otlp-http";
import type * as Resources from "@opentelemetry/resources";
import type * as SdkTrace from "@opentelemetry/sdk-trace";
import type * as Semconv from "@opentelemetry/semantic-conventions";
import { loadWhenNeeded } from "../lib/load-when-needed.js";
import type { TraceSettings } from "./settings.js";

// The OpenTelemetry SDK, set up by hand rather than by an auto-instrumentation package: those
// patch node:http and the database drivers on load, and Heed already has the two places every
// request and every statement pass (the front door, the wrapping driver). Each package is loaded
// here, only when OTEL_EXPORTER_OTLP_ENDPOINT is set: without it, no module of the SDK is in the
// process (platform/lib/load-when-needed.ts; a test checks it).

const api = loadWhenNeeded<typeof Api>("@opentelemetry/api");
const semconv = loadWhenNeeded<typeof Semconv>("@opentelemetry/semantic-conventions");
const sdk = loadWhenNeeded<typeof SdkTrace>("@opentelemetry/sdk-trace");
const resources = loadWhenNeeded<typeof Resources>("@opentelemetry/resources");
const exporter = loadWhenNeeded<typeof Exporter>("@opentelemetry/exporter-trace-otlp-http");
const contextHooks = loadWhenNeeded<typeof ContextHooks>("@opentelemetry/context-async-hooks");

/** What traces a process: the API (context, span kinds) and the conventions' names, loaded once tracing is on. */
export interface Tracing {
  api: typeof Api;
  semconv: typeof Semconv;
  tracer: Api.Tracer;
  /** Sends the spans still waiting and stops (a graceful stop calls it last). */
  shutdown(): Promise<void>;
}

function samplerOf(settings: TraceSettings): SdkTrace.Sampler {
  const { AlwaysOffSampler, AlwaysOnSampler, ParentBasedSampler, TraceIdRatioBasedSampler } = sdk();
  const name = settings.sampler.replace(/^parentbased_/, "");
  const root =
    name === "always_off" ? new AlwaysOffSampler() : name === "traceidratio" ? new TraceIdRatioBasedSampler(settings.samplerRatio) : new AlwaysOnSampler();
  return settings.sampler.startsWith("parentbased_") ? new ParentBasedSampler({ root }) : root;
}

/** Sets up the SDK for this process: spans batched and posted as OTLP/HTTP JSON to the collector. */
export function startTracing(settings: TraceSettings): Tracing {
  const { context, trace } = api();
  // AsyncLocalStorage carries the request's span through every await to the statements it runs.
  context.setGlobalContextManager(new (contextHooks().AsyncLocalStorageContextManager)().enable());
  const { BatchSpanProcessor, TracerProvider } = sdk();
  const spans = new (exporter().OTLPTraceExporter)({ url: `${settings.endpoint}/v1/traces`, headers: settings.headers });
  const provider = new TracerProvider({
    resource: resources().resourceFromAttributes({ [semconv().ATTR_SERVICE_NAME]: settings.serviceName }),
    sampler: samplerOf(settings),
    spanProcessors: [new BatchSpanProcessor({ exporter: spans, scheduledDelayMillis: settings.exportDelayMs })],
  });
  trace.setGlobalTracerProvider(provider);
  return {
    api: api(),
    semconv: semconv(),
    tracer: provider.getTracer("heed"),
    shutdown: () => provider.shutdown(),
  };
}
