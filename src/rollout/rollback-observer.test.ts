import { describe, expect, it } from 'vitest';
import { sampleRunRecord } from '../telemetry/sample-run-record.js';
import type { RunRecord } from '../telemetry/index.js';
import { storeConformance } from '../testing/store-conformance.js';
import { badOutcome } from './bad-outcome.js';
import { openRolloutStore } from './open-rollout-store.js';
import { AUTOMATIC_ROLLBACK_BY, rollbackObserver } from './rollback-observer.js';
import { judgeRollout } from './rollback-rule.js';

/** The value, or a failed test when there is none. */
function defined<T>(value: T | null | undefined): T {
  if (value === null || value === undefined) throw new Error('expected a value');
  return value;
}


describe('judgeRollout', () => {
  const rule = { minCandidateRuns: 10, margin: 0.15 };
  it('waits for the minimum of candidate runs, then rolls back only beyond the margin', () => {
    expect(judgeRollout({ stable: { runs: 100, bad: 0 }, candidate: { runs: 9, bad: 9 } }, rule).rollBack).toBe(false);
    expect(judgeRollout({ stable: { runs: 100, bad: 10 }, candidate: { runs: 10, bad: 2 } }, rule)).toMatchObject({ rollBack: false, candidateRate: 0.2, stableRate: 0.1 });
    expect(judgeRollout({ stable: { runs: 100, bad: 10 }, candidate: { runs: 10, bad: 3 } }, rule).rollBack).toBe(true);
    expect(judgeRollout({ stable: { runs: 0, bad: 0 }, candidate: { runs: 10, bad: 2 } }, rule).rollBack).toBe(true);
  });
});

describe('badOutcome', () => {
  const record = (over: Partial<RunRecord>): RunRecord => ({ ...sampleRunRecord(), ...over }) as RunRecord;
  it('counts stops other than finish and awaiting approval, and failed verification', () => {
    expect(badOutcome(record({ stop_reason: 'finish', status: 'finished' }))).toBeUndefined();
    expect(badOutcome(record({ stop_reason: 'awaiting_approval', status: 'awaiting_approval' }))).toBeUndefined();
    expect(badOutcome(record({ stop_reason: 'policy_deny:cancel_shipment', status: 'stopped' }))).toBe('stopped: policy_deny:cancel_shipment');
    expect(badOutcome(record({ stop_reason: 'finish', status: 'finished', final_check: { claims: 2, unverified: [], replaced: true } }))).toBe('verification failed: final answer replaced');
    const unverified = { task_id: 'd1', agent: 'tracking_agent', request: 'r', status: 'ok' as const, confidence: 'high' as const, gaps: [], flags: [], verification: { claims: 1, unverified: [{ kind: 'status' as const, text: 'delivered', detail: 'no tool said so' }], criteria: [], retries: 2 } };
    expect(badOutcome(record({ stop_reason: 'finish', status: 'finished', subtasks: [unverified] }))).toBe('verification failed: d1');
  });
});

describe('rollbackObserver when the store fails', () => {
  it('reports the failed write, and counts the run (and rolls back) with the next run once the store answers', async () => {
    const store = await openRolloutStore(':memory:');
    const change = defined(await store.startChange({ tenant: 'acme', kind: 'model', stableVersion: 'base', candidateVersion: 'offline', percent: 10, rule: { minCandidateRuns: 2, margin: 0.2 }, by: 'ops' }));
    let down = true;
    const failing = new Proxy(store, {
      get(target, property, receiver) {
        const value: unknown = Reflect.get(target, property, receiver);
        if (property !== 'recordOutcome' || typeof value !== 'function') return typeof value === 'function' ? value.bind(target) : value;
        return async (...args: unknown[]) => {
          if (down) throw new Error('database is locked');
          return (value as (...a: unknown[]) => Promise<void>).apply(target, args);
        };
      },
    });
    const failures: unknown[] = [];
    const observe = rollbackObserver(failing, { onFailure: (failure) => failures.push(failure) });
    const run = (id: string): RunRecord => ({ ...sampleRunRecord(), run_id: id, tenant: 'acme', stop_reason: 'model_error', status: 'stopped', variant: { change_id: change.id, kind: 'model', arm: 'candidate', version: 'offline' } }) as RunRecord;
    await expect(observe(run('c1'), [])).resolves.toBeUndefined();
    expect(failures).toEqual([{ runId: 'c1', tenant: 'acme', changeId: change.id, error: 'database is locked', pending: 1, dropped: 0 }]);
    expect((await store.tally(change.id)).candidate.runs).toBe(0);
    down = false;
    await observe(run('c2'), []);
    expect((await store.tally(change.id)).candidate).toEqual({ runs: 2, bad: 2 });
    expect((await store.getChange(change.id))?.state).toBe('rolled_back');
    expect(failures).toHaveLength(1);
    await store.close();
  });

  it('keeps at most maxPending failed runs, and counts the ones it gave up on', async () => {
    const store = await openRolloutStore(':memory:');
    const failing = { ...store, recordOutcome: async () => Promise.reject(new Error('disk full')) } as unknown as typeof store;
    const failures: Array<{ pending: number; dropped: number }> = [];
    const observe = rollbackObserver(failing, { maxPending: 2, onFailure: (failure) => failures.push(failure) });
    const variant = { change_id: 'chg-x', kind: 'model' as const, arm: 'stable' as const, version: 'base' };
    for (const id of ['a', 'b', 'c']) await observe({ ...sampleRunRecord(), run_id: id, variant } as RunRecord, []);
    // Each later run first retries the oldest (which fails again) before its own.
    expect(failures.at(-1)).toMatchObject({ pending: 2, dropped: 1 });
    await store.close();
  });
});

/** Rollback on every backend: each observer on its own connection, as runs finishing in several processes. */
storeConformance('rollbackObserver', openRolloutStore, ({ open }) => {
  it('rolls a failing candidate back once when many of its runs finish at the same time, with the rates', async () => {
    const admin = await open();
    const change = await admin.startChange({ tenant: 'acme', kind: 'model', stableVersion: 'base', candidateVersion: 'offline', percent: 10, rule: { minCandidateRuns: 4, margin: 0.2 }, by: 'ops' });
    const variant = (arm: 'stable' | 'candidate') => ({ change_id: defined(change).id, kind: 'model' as const, arm, version: arm === 'stable' ? 'base' : 'offline' });
    const run = (id: string, arm: 'stable' | 'candidate', stop: 'finish' | 'model_error'): RunRecord => ({ ...sampleRunRecord(), run_id: id, tenant: 'acme', stop_reason: stop, status: stop === 'finish' ? 'finished' : 'stopped', variant: variant(arm) }) as RunRecord;
    const stableObserver = rollbackObserver(admin);
    for (let i = 0; i < 6; i += 1) await stableObserver(run(`s${i}`, 'stable', 'finish'), []);
    const observers = await Promise.all(Array.from({ length: 8 }, async () => rollbackObserver(await open())));
    // Three failed candidate runs: under the minimum of four, nothing happens yet.
    for (let i = 0; i < 3; i += 1) await defined(observers[i])(run(`c${i}`, 'candidate', 'model_error'), []);
    expect((await admin.getChange(defined(change).id))?.state).toBe('canary');
    await Promise.all(observers.map((observe, i) => observe(run(`c${3 + i}`, 'candidate', 'model_error'), [])));
    expect(await admin.getChange(defined(change).id)).toMatchObject({ state: 'rolled_back', percent: 0 });
    const rolledBack = (await admin.events('acme')).filter((e) => e.type === 'rollout.rolled_back');
    expect(rolledBack).toHaveLength(1);
    expect(rolledBack[0]?.by).toBe(AUTOMATIC_ROLLBACK_BY);
    expect(rolledBack[0]?.detail).toMatchObject({ candidate_rate: 1, stable_rate: 0, stable_runs: 6, margin: 0.2, min_candidate_runs: 4, percent_before: 10 });
    expect(rolledBack[0]?.detail.candidate_runs).toBeGreaterThanOrEqual(4);
  });

  it('leaves a candidate that does as well as stable in canary', async () => {
    const store = await open();
    const change = await store.startChange({ tenant: 'acme', kind: 'model', stableVersion: 'base', candidateVersion: 'offline', percent: 10, rule: { minCandidateRuns: 4, margin: 0.2 }, by: 'ops' });
    const observe = rollbackObserver(store);
    for (let i = 0; i < 10; i += 1) {
      const arm = i % 2 === 0 ? 'candidate' : 'stable';
      const stop = i % 4 < 2 ? 'finish' : 'model_error';
      await observe({ ...sampleRunRecord(), run_id: `r${i}`, stop_reason: stop, status: stop === 'finish' ? 'finished' : 'stopped', variant: { change_id: defined(change).id, kind: 'model', arm, version: arm } } as RunRecord, []);
    }
    expect((await store.getChange(defined(change).id))?.state).toBe('canary');
  });
});
