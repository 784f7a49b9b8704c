import { Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { SqliteRunStore } from '../telemetry/index.js';
import { sampleRunRecord } from '../telemetry/sample-run-record.js';
import { registerStoredRunMetrics } from './stored-run-metrics.js';

describe('waybill_runs_stored', () => {
  it('reports the runs in the database at each scrape, including runs no observer of this process saw, and keeps the last values through an outage', async () => {
    const store = SqliteRunStore.open(':memory:');
    const registry = new Registry();
    let down = false;
    registerStoredRunMetrics(registry, { countRuns: () => (down ? Promise.reject(new Error('database down')) : store.countRuns()) });
    await store.saveRun(sampleRunRecord({ run_id: 'w-1', tenant: 'acme' }));
    expect(await registry.metrics()).toContain('waybill_runs_stored{tenant="acme",status="finished",stop_reason="finish"} 1');
    await store.saveRun(sampleRunRecord({ run_id: 'w-2', tenant: 'acme' }));
    await store.saveRun(sampleRunRecord({ run_id: 'w-3', tenant: 'globex', status: 'awaiting_approval', stop_reason: 'awaiting_approval' }));
    const text = await registry.metrics();
    expect(text).toContain('waybill_runs_stored{tenant="acme",status="finished",stop_reason="finish"} 2');
    expect(text).toContain('waybill_runs_stored{tenant="globex",status="awaiting_approval",stop_reason="awaiting_approval"} 1');
    down = true;
    expect(await registry.metrics()).toContain('waybill_runs_stored{tenant="acme",status="finished",stop_reason="finish"} 2');
    await store.close();
  });
});
