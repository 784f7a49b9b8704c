import { expect, it } from 'vitest';
import { storeConformance } from '../../testing/store-conformance.js';
import { cachedControlReads } from './cached-control-reads.js';
import type { ControlStore } from './control-store.js';
import { GLOBAL_SCOPE } from './control-store.js';
import { openControlStore } from './open-control-store.js';

/** The ControlStore contract on every backend; `open()` is another connection to the same database. */
storeConformance('ControlStore', openControlStore, ({ open, exec }) => {
  it('shows switches set in another connection, global and per tenant, until they are turned off', async () => {
    const operator = await open();
    const runner = await open();
    expect(await runner.snapshot('acme')).toEqual({ killed: false, tenantDisabled: false, readOnly: false, disabledTools: new Set() });
    await operator.setSwitch({ kind: 'kill', scope: GLOBAL_SCOPE }, true, { by: 'ops', reason: 'incident' });
    await operator.setSwitch({ kind: 'kill', scope: GLOBAL_SCOPE }, true, { by: 'ops' });
    await operator.setSwitch({ kind: 'tool_disabled', scope: 'acme', tool: 'cancel_shipment' }, true, { by: 'ops' });
    await operator.setSwitch({ kind: 'read_only', scope: 'globex' }, true, { by: 'ops' });
    const acme = await runner.snapshot('acme');
    expect(acme.killed).toBe(true);
    expect(acme.readOnly).toBe(false);
    expect([...acme.disabledTools]).toEqual(['cancel_shipment']);
    expect((await runner.snapshot('globex')).readOnly).toBe(true);
    await operator.setSwitch({ kind: 'kill', scope: GLOBAL_SCOPE }, false, { by: 'ops' });
    expect((await runner.snapshot('acme')).killed).toBe(false);
  });

  it('adds concurrent usage from two connections without losing any', async () => {
    const a = await open();
    const b = await open();
    await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 === 0 ? a : b).addUsage('acme', '2026-11-30', { tokens: 100, usd: 0.25, runs: 1 })));
    expect(await a.usage('acme', '2026-11-30')).toEqual({ tokens: 2000, usd: 5, runs: 20 });
    expect(await a.usage('acme', '2026-12-01')).toEqual({ tokens: 0, usd: 0, runs: 0 });
  });

  it('keeps daily limits per tenant, replacing them as a whole', async () => {
    const store = await open();
    expect(await store.dailyLimits('acme')).toEqual({});
    await store.setDailyLimits('acme', { maxTokensPerDay: 50_000, maxUsdPerDay: 2.5 });
    expect(await store.dailyLimits('acme')).toEqual({ maxTokensPerDay: 50_000, maxUsdPerDay: 2.5 });
    await store.setDailyLimits('acme', { maxUsdPerDay: 1 });
    expect(await store.dailyLimits('acme')).toEqual({ maxUsdPerDay: 1 });
  });

  it('counts writes per kind in revision(), from any connection, and not writes to other tables', async () => {
    const operator = await open();
    const runner = await open();
    const start = await runner.revision?.();
    expect(start).toEqual({ switches: 0, limits: 0, usage: 0 });
    // A run's own writes elsewhere in the database (its record, checkpoints) are not control changes.
    await exec('CREATE TABLE unrelated_rows (id INTEGER PRIMARY KEY); INSERT INTO unrelated_rows (id) VALUES (1)');
    expect(await runner.revision?.()).toEqual(start);
    await operator.setSwitch({ kind: 'kill', scope: GLOBAL_SCOPE }, true, { by: 'ops' });
    const afterSwitch = await runner.revision?.();
    expect(afterSwitch?.switches).toBeGreaterThan(0);
    expect([afterSwitch?.limits, afterSwitch?.usage]).toEqual([0, 0]);
    await operator.setDailyLimits('acme', { maxUsdPerDay: 1 });
    await operator.addUsage('acme', '2026-12-01', { tokens: 5 });
    const afterAll = await runner.revision?.();
    expect(afterAll?.switches).toBe(afterSwitch?.switches);
    expect(afterAll?.limits).toBeGreaterThan(0);
    expect(afterAll?.usage).toBeGreaterThan(0);
    // A switch turned off by hand (raw SQL, as an operator's script might) is a change too.
    await exec("DELETE FROM control_switches WHERE name = 'kill'");
    expect((await runner.revision?.())?.switches).toBeGreaterThan(afterAll?.switches ?? 0);
  });

  it('as a run reads it (cachedControlReads): one switches read until another connection flips the kill switch', async () => {
    const operator = await open();
    const store = await open();
    let snapshots = 0;
    const run = cachedControlReads({ ...bound(store), snapshot: (t) => ((snapshots += 1), store.snapshot(t)) });
    for (let step = 0; step < 4; step += 1) expect((await run.snapshot('acme')).killed).toBe(false);
    await operator.addUsage('acme', '2026-12-01', { tokens: 1 });
    expect((await run.snapshot('acme')).killed).toBe(false);
    expect(snapshots).toBe(1);
    await operator.setSwitch({ kind: 'kill', scope: GLOBAL_SCOPE }, true, { by: 'ops' });
    expect((await run.snapshot('acme')).killed).toBe(true);
    expect(snapshots).toBe(2);
  });
});

/** The store's methods as a plain object, each bound to it (to replace one in a test). */
function bound(store: ControlStore): ControlStore {
  return {
    snapshot: (t) => store.snapshot(t),
    setSwitch: (...a) => store.setSwitch(...a),
    addUsage: (...a) => store.addUsage(...a),
    usage: (...a) => store.usage(...a),
    setDailyLimits: (...a) => store.setDailyLimits(...a),
    dailyLimits: (t) => store.dailyLimits(t),
    revision: () => (store.revision ? store.revision() : Promise.reject(new Error('no revision'))),
    close: () => store.close(),
  };
}
