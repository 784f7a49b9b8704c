import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import type { SpanExporter, SpanProcessor } from '@opentelemetry/sdk-trace-base';
import { BasicTracerProvider, BatchSpanProcessor, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { ATTR_SERVICE_NAME, ATTR_SERVICE_VERSION } from '@opentelemetry/semantic-conventions';
import type { AuditEvent } from './audit-event.js';
import type { RunRecord } from './run-record.js';
import { emitRunSpans } from './tracing-spans.js';

export interface RunTracerOptions {
  /** Read for `OTEL_EXPORTER_OTLP_ENDPOINT` (and the exporter's other OTEL_* settings). Default process.env. */
  env?: NodeJS.ProcessEnv;
  /** Replaces OTLP (tests pass an InMemorySpanExporter); spans are then exported one by one. */
  exporter?: SpanExporter;
  serviceVersion?: string;
}

/** Turns finished runs into OpenTelemetry spans (see `emitRunSpans`) and exports them. */
export class RunTracer {
  readonly #provider: BasicTracerProvider;

  constructor(processor: SpanProcessor, serviceVersion = '0.0.0') {
    this.#provider = new BasicTracerProvider({
      resource: resourceFromAttributes({ [ATTR_SERVICE_NAME]: 'waybill', [ATTR_SERVICE_VERSION]: serviceVersion }),
      spanProcessors: [processor],
    });
  }

  /** For the runtime's `onRunFinished`. */
  observe(record: RunRecord, events: readonly AuditEvent[]): void {
    emitRunSpans(this.#provider.getTracer('waybill'), record, events);
  }

  async forceFlush(): Promise<void> {
    await this.#provider.forceFlush();
  }

  async shutdown(): Promise<void> {
    await this.#provider.shutdown();
  }
}

/**
 * A tracer exporting over OTLP/HTTP when `OTEL_EXPORTER_OTLP_ENDPOINT` (or
 * `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT`) is set, or to `exporter` when one is given; otherwise undefined,
 * so no span is built and nothing leaves the machine.
 */
export function createRunTracer(options: RunTracerOptions = {}): RunTracer | undefined {
  const env = options.env ?? process.env;
  if (options.exporter) return new RunTracer(new SimpleSpanProcessor(options.exporter), options.serviceVersion);
  const traces = env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim();
  const base = env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim();
  // The per-signal variable is used as is; the base endpoint gets /v1/traces, as the OTLP spec says.
  const url = traces || (base ? `${base.replace(/\/+$/, '')}/v1/traces` : undefined);
  if (!url) return undefined;
  return new RunTracer(new BatchSpanProcessor(new OTLPTraceExporter({ url })), options.serviceVersion);
}
