import { Gauge, type Registry } from 'prom-client';
import type { QueueStats } from './queue-stats.js';

/**
 * Adds the run queue's gauges to `registry`, read from the database at every scrape (so every service
 * replica reports the same numbers): depth, jobs running, oldest job's age, retries, dead letters. A
 * scrape during a database outage reports the last values read.
 */
export function registerQueueMetrics(registry: Registry, readStats: () => Promise<QueueStats>): void {
  let last: QueueStats = { queued: 0, active: 0, retrying: 0, oldestQueuedSeconds: 0, retries: 0, deadLetters: 0 };
  let pending: Promise<QueueStats> | undefined;
  // One query per scrape, shared by the gauges collected in it.
  const read = async (): Promise<QueueStats> => {
    pending ??= readStats()
      .then((stats) => (last = stats))
      .catch(() => last)
      .finally(() => setImmediate(() => (pending = undefined)));
    return pending;
  };
  const gauge = (name: string, help: string, pick: (stats: QueueStats) => number) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      async collect() {
        this.set(pick(await read()));
      },
    });
  gauge('waybill_queue_depth', 'Jobs waiting in the run queue (new or waiting for a retry)', (s) => s.queued);
  gauge('waybill_queue_active_jobs', 'Jobs a worker holds now', (s) => s.active);
  gauge('waybill_queue_oldest_job_age_seconds', 'Age of the oldest waiting job', (s) => s.oldestQueuedSeconds);
  gauge('waybill_queue_retries', 'Retries made by the jobs pg-boss still keeps (finished jobs are archived after 12 hours)', (s) => s.retries);
  gauge('waybill_queue_dead_letters', 'Jobs in the dead-letter queue (failed their last retry)', (s) => s.deadLetters);
}
