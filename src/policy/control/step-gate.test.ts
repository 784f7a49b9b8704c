import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ROLES_TABLE } from '../../agents/roles.js';
import { SqliteDomainStore } from '../../domain/index.js';
import { makeTempDir } from '../../testing/temp-dir.js';
import { checkToolCall } from '../allowlist/check-tool-call.js';
import { RunBudget } from './run-budget.js';
import { SqliteControlStore } from './sqlite-control-store.js';
import { checkBeforeStep } from './step-gate.js';

// Two connections to one file stand for two processes: the run that is going, and the operator's console.
let temp: ReturnType<typeof makeTempDir>;
let running: SqliteControlStore;
let operator: SqliteControlStore;
const by = { by: 'operator@test', reason: 'test' };
const day = () => '2026-11-30';

beforeEach(() => {
  temp = makeTempDir();
  const path = join(temp.dir, 'waybill.db');
  running = SqliteControlStore.open(path);
  operator = SqliteControlStore.open(path);
});

afterEach(async () => {
  await running.close();
  await operator.close();
  temp.cleanup();
});

const step = (tenant = 'acme', budget = new RunBudget()) => checkBeforeStep({ tenant, controls: running, budget, day });

describe('checkBeforeStep: switches take effect on the next step without a restart', () => {
  it('proceeds when nothing is switched', async () => {
    expect(await step()).toMatchObject({ proceed: true, controls: { killed: false, readOnly: false } });
  });

  it('stops a running run with operator_kill once the global kill switch is on, and resumes service when it is off', async () => {
    expect((await step()).proceed).toBe(true);
    await operator.setSwitch({ kind: 'kill', scope: 'global' }, true, by);
    expect(await step()).toEqual({ proceed: false, stopReason: 'operator_kill' });
    expect(await step('other-tenant')).toEqual({ proceed: false, stopReason: 'operator_kill' });
    await operator.setSwitch({ kind: 'kill', scope: 'global' }, false, by);
    expect((await step()).proceed).toBe(true);
  });

  it('kills one tenant without touching another', async () => {
    await operator.setSwitch({ kind: 'kill', scope: 'acme' }, true, by);
    expect(await step('acme')).toEqual({ proceed: false, stopReason: 'operator_kill' });
    expect((await step('globex')).proceed).toBe(true);
  });

  it('stops a disabled tenant with tenant_disabled', async () => {
    await operator.setSwitch({ kind: 'tenant_disabled', scope: 'acme' }, true, by);
    expect(await step('acme')).toEqual({ proceed: false, stopReason: 'tenant_disabled' });
  });

  it('turns a tool off for the next call, and read-only mode refuses writes', async () => {
    await operator.setSwitch({ kind: 'tool_disabled', scope: 'global', tool: 'cancel_shipment' }, true, by);
    const decision = await step();
    if (!decision.proceed) throw new Error('expected the run to proceed');
    const verdict = checkToolCall({
      roles: ROLES_TABLE,
      agent: 'tracking_agent',
      tool: 'cancel_shipment',
      args: { tracking_id: 'TTN-000004', reason: 'Клієнт відмовився', refund_uah: 720 },
      disabledTools: decision.controls.disabledTools,
    });
    expect(verdict).toMatchObject({ verdict: 'deny', stopReason: 'policy_deny:cancel_shipment' });
    await operator.setSwitch({ kind: 'tool_disabled', scope: 'global', tool: 'cancel_shipment' }, false, by);
    await operator.setSwitch({ kind: 'read_only', scope: 'acme' }, true, by);
    expect(await step()).toMatchObject({ proceed: true, controls: { readOnly: true, disabledTools: new Set() } });
  });

  it('checks the run budget before the tenant budget', async () => {
    const budget = new RunBudget({ maxSteps: 1 });
    budget.recordStep();
    expect(await step('acme', budget)).toEqual({ proceed: false, stopReason: 'max_steps' });
  });

  it('stops a tenant that spent its daily budget, counting what other processes spent', async () => {
    await operator.setDailyLimits('acme', { maxUsdPerDay: 1, maxTokensPerDay: 100_000 });
    await operator.addUsage('acme', '2026-11-30', { usd: 0.6, tokens: 10 });
    expect((await step()).proceed).toBe(true);
    await running.addUsage('acme', '2026-11-30', { usd: 0.4, tokens: 10, runs: 1 });
    expect(await step()).toEqual({ proceed: false, stopReason: 'max_usd' });
    expect(await operator.usage('acme', '2026-11-30')).toEqual({ usd: 1, tokens: 20, runs: 1 });
    await operator.setDailyLimits('acme', { maxTokensPerDay: 20 });
    expect(await step()).toEqual({ proceed: false, stopReason: 'max_tokens' });
    expect((await step('globex')).proceed).toBe(true);
  });

  it('shares the database file with the domain store in either opening order', async () => {
    const domain = SqliteDomainStore.open(join(temp.dir, 'waybill.db'));
    expect((await domain.getShipment('TTN-000001'))?.status).toBe('in_transit');
    await domain.close();
  });
});

describe('checkBeforeStep: the tenant usage row', () => {
  it('is read only when the tenant has a daily limit to compare it with', async () => {
    let usageReads = 0;
    const counting = Object.assign(Object.create(running) as SqliteControlStore, {
      snapshot: (tenant: string) => running.snapshot(tenant),
      dailyLimits: (tenant: string) => running.dailyLimits(tenant),
      usage: (tenant: string, on: string) => ((usageReads += 1), running.usage(tenant, on)),
    });
    await running.addUsage('acme', day(), { tokens: 500 });
    expect((await checkBeforeStep({ tenant: 'acme', controls: counting, budget: new RunBudget(), day })).proceed).toBe(true);
    expect(usageReads).toBe(0);
    await operator.setDailyLimits('acme', { maxTokensPerDay: 400 });
    expect(await checkBeforeStep({ tenant: 'acme', controls: counting, budget: new RunBudget(), day })).toEqual({ proceed: false, stopReason: 'max_tokens' });
    expect(usageReads).toBe(1);
  });
});
