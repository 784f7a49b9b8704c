import { Counter, Gauge, Histogram, Registry, Summary } from 'prom-client';
import { auditAppendFailures } from '../mcp/index.js';
import type { AuditEvent, RunRecord } from '../telemetry/index.js';

/**
 * Per-tenant Prometheus metrics of the runs this process finished (counted from the run record and its
 * audit events via `onRunFinished`). Each instance has its own registry, so two apps never share counts.
 */
export class ServerMetrics {
  readonly registry = new Registry();
  readonly #runs: Counter<'tenant' | 'stop_reason' | 'status'>;
  readonly #duration: Histogram<'tenant'>;
  readonly #durationQuantiles: Summary<'tenant'>;
  readonly #toolCalls: Histogram<'tenant'>;
  readonly #cost: Histogram<'tenant'>;
  readonly #denies: Counter<'tenant' | 'tool'>;
  readonly #guardBlocks: Counter<'tenant'>;
  readonly #outOfDomain: Counter<'tenant'>;
  readonly #loopStops: Counter<'tenant'>;
  readonly #rolloutWriteFailures: Counter<'tenant'>;
  readonly #ended = new Map<string, { finished: number; ended: number }>();

  constructor() {
    const registers = [this.registry];
    this.#runs = new Counter({ name: 'waybill_runs_total', help: 'Runs (and resumed runs) by stop reason', labelNames: ['tenant', 'stop_reason', 'status'], registers });
    this.#duration = new Histogram({
      name: 'waybill_run_duration_seconds',
      help: 'Wall time of a run',
      labelNames: ['tenant'],
      buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120],
      registers,
    });
    this.#durationQuantiles = new Summary({
      name: 'waybill_run_duration_quantiles_seconds',
      help: 'p50 and p95 run wall time over the last 10 minutes',
      labelNames: ['tenant'],
      percentiles: [0.5, 0.95],
      maxAgeSeconds: 600,
      ageBuckets: 5,
      registers,
    });
    this.#toolCalls = new Histogram({ name: 'waybill_run_tool_calls', help: 'Domain tool calls per run', labelNames: ['tenant'], buckets: [0, 1, 2, 3, 5, 8, 13], registers });
    this.#cost = new Histogram({ name: 'waybill_run_cost_usd', help: 'Model spend per run in USD', labelNames: ['tenant'], buckets: [0, 0.0001, 0.001, 0.005, 0.01, 0.05, 0.1, 0.5, 1], registers });
    this.#denies = new Counter({ name: 'waybill_policy_denies_total', help: 'Tool calls refused by policy', labelNames: ['tenant', 'tool'], registers });
    this.#guardBlocks = new Counter({ name: 'waybill_guard_blocks_total', help: 'Requests blocked by the input guard', labelNames: ['tenant'], registers });
    this.#outOfDomain = new Counter({ name: 'waybill_guard_out_of_domain_total', help: 'Requests the input guard labelled out of domain (not attacks, not blocked)', labelNames: ['tenant'], registers });
    this.#loopStops = new Counter({ name: 'waybill_loop_stops_total', help: 'Runs stopped by loop detection', labelNames: ['tenant'], registers });
    this.#rolloutWriteFailures = new Counter({
      name: 'waybill_rollout_write_failures_total',
      help: 'Attempts to count a run for its rollout arm (or to roll its change back) that failed; the run is tried again with the next one',
      labelNames: ['tenant'],
      registers,
    });
    new Counter({
      name: 'waybill_audit_append_failures_total',
      help: 'Tool calls (reads, or calls with no effect) whose audit entry could not be written after the call; an effect without its entry rolls back instead',
      labelNames: ['tenant', 'tool'],
      registers,
      collect() {
        this.reset();
        for (const failure of auditAppendFailures()) this.inc({ tenant: failure.tenant, tool: failure.tool }, failure.count);
      },
    });
    const ended = this.#ended;
    new Gauge({
      name: 'waybill_run_completion_ratio',
      help: 'Finished runs over ended runs (paused runs excluded)',
      labelNames: ['tenant'],
      registers,
      collect() {
        for (const [tenant, counts] of ended) this.set({ tenant }, counts.ended === 0 ? 0 : counts.finished / counts.ended);
      },
    });
  }

  /** Counts one stored run; suitable as (part of) the runtime's `onRunFinished`. */
  observe(record: RunRecord, events: readonly AuditEvent[]): void {
    const tenant = record.tenant;
    this.#runs.inc({ tenant, stop_reason: record.stop_reason, status: record.status });
    this.#duration.observe({ tenant }, record.duration_ms / 1000);
    this.#durationQuantiles.observe({ tenant }, record.duration_ms / 1000);
    this.#toolCalls.observe({ tenant }, record.tool_calls.length);
    this.#cost.observe({ tenant }, record.usage.usd);
    for (const event of events) {
      if (event.type === 'policy.deny') this.#denies.inc({ tenant, tool: event.tool ?? 'unknown' });
      if (event.type === 'guard.block') this.#guardBlocks.inc({ tenant });
      if (event.type === 'guard.out_of_domain') this.#outOfDomain.inc({ tenant });
    }
    if (record.stop_reason === 'loop_detected') this.#loopStops.inc({ tenant });
    if (record.status !== 'awaiting_approval') {
      const counts = this.#ended.get(tenant) ?? { finished: 0, ended: 0 };
      counts.ended += 1;
      if (record.status === 'finished') counts.finished += 1;
      this.#ended.set(tenant, counts);
    }
  }

  /** Counts one failed attempt to write a run's rollout outcome (docs/rollout.md "Automatic rollback"). */
  rolloutWriteFailed(tenant: string): void {
    this.#rolloutWriteFailures.inc({ tenant });
  }

  /**
   * The exposition text and its content type: one tenant's samples when `tenant` is given (what a
   * tenant's admin key sees), every tenant's when it is not (the operator of operators).
   */
  async render(options: { tenant?: string } = {}): Promise<{ text: string; contentType: string }> {
    const text = await this.registry.metrics();
    if (options.tenant === undefined) return { text, contentType: this.registry.contentType };
    // Tenant ids are plain identifiers (checkTenantId), so the label matches literally.
    const own = `tenant="${options.tenant}"`;
    const kept = text.split('\n').filter((line) => line === '' || line.startsWith('#') || line.includes(own));
    return { text: kept.join('\n'), contentType: this.registry.contentType };
  }
}
