import { Gauge, type Registry } from 'prom-client';
import type { RunStore } from '../telemetry/index.js';

/**
 * Adds `waybill_runs_stored{tenant,status,stop_reason}` to `registry`: the run records in the database,
 * read at every scrape. The counters of this process (`waybill_runs_total`) see only the runs it
 * finished; this gauge sees every replica's and every worker's. A scrape during a database outage
 * reports the last values read.
 */
export function registerStoredRunMetrics(registry: Registry, runs: Pick<RunStore, 'countRuns'>): void {
  let last: Awaited<ReturnType<RunStore['countRuns']>> = [];
  new Gauge({
    name: 'waybill_runs_stored',
    help: 'Run records in the database by tenant, status and stop reason, whichever process ran them',
    labelNames: ['tenant', 'status', 'stop_reason'],
    registers: [registry],
    async collect() {
      last = await runs.countRuns().catch(() => last);
      this.reset();
      for (const { tenant, status, stop_reason, runs: count } of last) this.set({ tenant, status, stop_reason }, count);
    },
  });
}
