import { Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { registerQueueMetrics } from './queue-metrics.js';
import type { QueueStats } from './queue-stats.js';

const STATS: QueueStats = { queued: 7, active: 3, retrying: 1, oldestQueuedSeconds: 12.5, retries: 4, deadLetters: 2 };

describe('registerQueueMetrics', () => {
  it('reports depth, running jobs, oldest age, retries and dead letters from one read per scrape', async () => {
    const registry = new Registry();
    let reads = 0;
    registerQueueMetrics(registry, async () => {
      reads += 1;
      return STATS;
    });
    const text = await registry.metrics();
    expect(text).toContain('waybill_queue_depth 7');
    expect(text).toContain('waybill_queue_active_jobs 3');
    expect(text).toContain('waybill_queue_oldest_job_age_seconds 12.5');
    expect(text).toContain('waybill_queue_retries 4');
    expect(text).toContain('waybill_queue_dead_letters 2');
    expect(reads).toBe(1);
  });

  it('keeps the last values when the database cannot be read', async () => {
    const registry = new Registry();
    let fail = false;
    registerQueueMetrics(registry, async () => {
      if (fail) throw new Error('connection refused');
      return STATS;
    });
    await registry.metrics();
    await new Promise((resolve) => setImmediate(resolve));
    fail = true;
    expect(await registry.metrics()).toContain('waybill_queue_depth 7');
  });
});
