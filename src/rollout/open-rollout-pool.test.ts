import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { makeTempDir } from '../testing/temp-dir.js';
import type { RolloutWriteFailure } from './rollback-observer.js';
import { openRolloutPool } from './open-rollout-pool.js';
import { routedRuntime } from './routed-runtime.js';
import { BASE_VERSION } from './version-catalog.js';

const temps: Array<{ cleanup(): void }> = [];
afterEach(() => {
  for (const temp of temps.splice(0)) temp.cleanup();
});

describe('openRolloutPool', () => {
  it('tells its caller when a run cannot be counted for its arm, and still answers the run', { timeout: 60_000 }, async () => {
    const temp = makeTempDir();
    temps.push(temp);
    const failures: RolloutWriteFailure[] = [];
    const { pool, rollouts } = await openRolloutPool({
      dbPath: join(temp.dir, 'waybill.db'),
      base: { key: 'base', runtimeName: 'langgraph', options: { offline: true } },
      catalog: (kind, version, target) => (version === BASE_VERSION ? target : kind === 'model' && version === 'v2' ? { ...target, key: `${target.key}|v2` } : undefined),
      onRolloutFailure: (failure) => failures.push(failure),
    });
    const runtime = routedRuntime(pool);
    try {
      const change = await rollouts.startChange({ tenant: 'default', kind: 'model', stableVersion: BASE_VERSION, candidateVersion: 'v2', percent: 100, rule: { minCandidateRuns: 1, margin: 0.15 }, by: 'test' });
      // The choice is made before the run; the store is gone when the run ends (a lost connection).
      const target = await pool.choose({ tenant: 'default', user: 'u1', internal: false });
      await rollouts.close();
      const record = await (await pool.runtimeOf(target)).ask({ input: 'Де зараз посилка TTN-000001?', tenant: 'default', variant: target.variant });
      expect(record.stop_reason).toBe('finish');
      expect(failures).toEqual([expect.objectContaining({ runId: record.run_id, tenant: 'default', changeId: change?.id, pending: 1, dropped: 0 })]);
    } finally {
      await runtime.close();
    }
  });
});
