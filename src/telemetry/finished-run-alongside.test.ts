import { afterEach, describe, expect, it } from 'vitest';
import { openControlStore } from '../policy/control/open-control-store.js';
import { openDailyBudgetStore } from '../policy/control/open-daily-budget-store.js';
import type { CompanionWrite } from '../storage/index.js';
import { storeBackends, type TestDatabase } from '../testing/store-backends.js';
import { openRunStore } from './open-run-store.js';
import { RunStoreError } from './run-store-error.js';
import { sampleRunRecord } from './sample-run-record.js';

const DAY = '2026-11-30';
const HOUR = 3_600_000;

async function codeOf(action: () => Promise<unknown>): Promise<string> {
  try {
    await action();
  } catch (error) {
    return RunStoreError.isInstance(error) ? error.code : `not a RunStoreError: ${String(error)}`;
  }
  return 'no error';
}

// Issue 36: a run's usage and daily budget charge commit with its record: in its statement on PostgreSQL,
// in its transaction on the process's one connection to a SQLite file.
describe.each(storeBackends())('a finished run with its usage and budget charge on $name', { timeout: 60_000 }, (backend) => {
  const databases: TestDatabase[] = [];
  const closables: Array<{ close(): Promise<void> }> = [];
  afterEach(async () => {
    for (const store of closables.splice(0).reverse()) await store.close();
    for (const db of databases.splice(0)) await db.cleanup();
  });
  const fresh = async () => {
    const db = await backend.fresh();
    databases.push(db);
    return db;
  };
  const track = <T extends { close(): Promise<void> }>(store: T): T => {
    closables.push(store);
    return store;
  };
  const intent = { runId: 'run-0001', threadId: 'thread-0001', tenant: 'acme', requestId: 'req-0001', runtime: 'langgraph' as const, kind: 'ask' as const, input: 'де TTN-000004?', startedAt: `${DAY}T12:00:00.000Z`, owner: 'host:1:a', leaseUntil: `${DAY}T12:00:30.000Z` };

  it('writes the record, the usage, the charge and drops the holds in one statement, or refuses writes it cannot carry', async () => {
    const db = await fresh();
    const runs = track(await openRunStore(db.location));
    const controls = track(await openControlStore(db.location));
    const budget = track(await openDailyBudgetStore(db.location));
    const strays: CompanionWrite[] = [
      { kind: 'statement', database: {}, clauses: () => ["DELETE FROM runs WHERE run_id = 'x'"], values: [] },
      { kind: 'transaction', database: {}, apply: () => undefined },
    ];
    for (const stray of strays) expect(await codeOf(() => runs.saveFinishedRun(sampleRunRecord(), [], [stray]))).toBe('invalid_argument');
    expect(await runs.getRun('run-0001')).toBeUndefined();
    await runs.beginIntent(intent);
    const held = await budget.hold({ tenant: 'acme', day: DAY, runId: 'run-0001', limits: { maxTokensPerDay: 100_000 }, ttlMs: HOUR });
    expect(held.admission.kind).toBe('admit');
    const before = await controls.revision?.();
    const usage = controls.usageWrite?.('acme', DAY, { tokens: 2042, usd: 0.005, runs: 1 });
    const charge = budget.endRunWrite?.({ runId: 'run-0001', tenant: 'acme', day: DAY, uncharged: { tokens: 42, usd: 0.001 }, dropHolds: true });
    if (!usage || !charge) throw new Error('the stores made no write to ride along');
    expect([runs.carries?.(usage), runs.carries?.(charge)]).toEqual([true, true]);
    // A write that fails takes the record with it: nothing of the run's end is written (on SQLite the
    // usage is written first, then the write throws: its part is undone with the rest).
    const broken: CompanionWrite =
      usage.kind === 'statement'
        ? { ...usage, values: ['acme', DAY, 'not a number', 0, 1] }
        : {
            ...usage,
            apply: () => {
              usage.apply();
              throw new Error('the disk is full');
            },
          };
    await expect(runs.saveFinishedRun(sampleRunRecord(), [], [broken, charge])).rejects.toThrow();
    expect([await runs.getRun('run-0001'), (await runs.listIntents('thread-0001')).length, (await budget.held('acme', DAY)).calls]).toEqual([undefined, 1, 1]);

    await runs.saveFinishedRun(sampleRunRecord(), [], [usage, charge]);
    expect((await runs.getRun('run-0001'))?.run_id).toBe('run-0001');
    expect(await runs.listIntents('thread-0001')).toEqual([]);
    expect(await controls.usage('acme', DAY)).toEqual({ tokens: 2042, usd: 0.005, runs: 1 });
    expect([usage.kind, charge.kind]).toEqual(backend.name === 'sqlite' ? ['transaction', 'transaction'] : ['statement', 'statement']);
    expect(await budget.spend('acme', DAY)).toEqual({ tokens: 42, usd: 0.001, calls: 0 });
    expect(await budget.held('acme', DAY)).toEqual({ tokens: 0, usd: 0, calls: 0 });
    // The usage table's trigger fired inside the statement or transaction: cached readers see the change.
    expect((await controls.revision?.())?.usage).toBeGreaterThan(before?.usage ?? 0);

    // A store on another database cannot ride along.
    const elsewhere = track(await openControlStore((await fresh()).location));
    const far = elsewhere.usageWrite?.('acme', DAY, { runs: 1 });
    if (!far) throw new Error('no write from the other database');
    expect(runs.carries?.(far)).toBe(false);
    expect(await codeOf(() => runs.saveFinishedRun(sampleRunRecord({ run_id: 'run-2' }), [], [far]))).toBe('invalid_argument');
    expect(await runs.getRun('run-2')).toBeUndefined();
  });
});
