/** The samplers of OTEL_TRACES_SAMPLER that Heed builds (start.ts), as OpenTelemetry names them. */
export const SAMPLERS = ["always_on", "always_off", "traceidratio", "parentbased_always_on", "parentbased_always_off", "parentbased_traceidratio"] as const;

export type SamplerName = (typeof SAMPLERS)[number];

/** OTEL_*: where traces go and which are kept (config.ts reads them). */
export interface TraceSettings {
  /** OTEL_EXPORTER_OTLP_ENDPOINT: the collector's base URL; spans go to its /v1/traces. */
  endpoint: string;
  /** OTEL_EXPORTER_OTLP_HEADERS, decoded. */
  headers: Record<string, string>;
  serviceName: string;
  sampler: SamplerName;
  /** OTEL_TRACES_SAMPLER_ARG: the share the traceidratio samplers keep. */
  samplerRatio: number;
  /** OTEL_BSP_SCHEDULE_DELAY: how long finished spans wait to be sent together. */
  exportDelayMs: number;
}
