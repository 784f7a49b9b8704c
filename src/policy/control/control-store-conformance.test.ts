import { expect, it } from 'vitest';
import { storeConformance } from '../../testing/store-conformance.js';
import { GLOBAL_SCOPE } from './control-store.js';
import { openControlStore } from './open-control-store.js';

/** The ControlStore contract on every backend; `open()` is another connection to the same database. */
storeConformance('ControlStore', openControlStore, ({ open }) => {
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
});
