import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { RuntimeName } from '../runtimes/index.js';
import { makeTempDir } from '../testing/temp-dir.js';
import { openRolloutPool } from './open-rollout-pool.js';
import { routedRuntime } from './routed-runtime.js';

const temps: Array<{ cleanup(): void }> = [];
afterEach(() => {
  for (const temp of temps.splice(0)) temp.cleanup();
});

const CANCEL = 'Скасуй TTN-000004, клієнт відмовився, поверни 100 грн';

async function harness(runtimeName: RuntimeName = 'langgraph') {
  const temp = makeTempDir();
  temps.push(temp);
  const { pool, rollouts } = await openRolloutPool({ dbPath: join(temp.dir, 'waybill.db'), base: { key: 'base', runtimeName, options: { offline: true } } });
  const runtime = routedRuntime(pool);
  const pause = async (threadId: string) => {
    const paused = await runtime.ask({ input: CANCEL, tenant: 'default', user: 'u1', threadId });
    expect(paused.status).toBe('awaiting_approval');
    return paused;
  };
  return { runtime, rollouts, pause, close: () => runtime.close() };
}

// The stage in force when the irreversible call would run is what counts (docs/rollout.md).
describe('a stage change while a run waits for approval', () => {
  it.each(['langgraph', 'openai-agents'] as const)('%s: an approval decided after the tenant moved to read_only cancels nothing, and says why', { timeout: 60_000 }, async (name) => {
    const h = await harness(name);
    try {
      await h.pause('t-ro');
      await h.rollouts.setStage('default', 'read_only', 'ops', 'freeze');
      const resumed = await h.runtime.decide('t-ro', { type: 'approve', by: 'op' });
      expect(resumed).toMatchObject({ status: 'stopped', stop_reason: 'policy_deny:cancel_shipment', approval: { decision: 'approve', by: 'op' } });
      expect(resumed.answer).toMatch(/^Нічого не скасовано: .*«read_only».*waybill rollout stage general/);
      expect(resumed.tool_calls.filter((call) => call.tool === 'cancel_shipment').map((call) => call.status)).toEqual(['denied']);
      expect(await h.runtime.domain.countCancellations('TTN-000004')).toBe(0);
      const deny = (await h.runtime.runs.listEvents(resumed.run_id)).find((event) => event.type === 'policy.deny');
      expect(deny).toMatchObject({ tool: 'cancel_shipment', status: 'denied', detail: expect.stringContaining('rollout stage read_only') });
      // The human's decision stands as made; its single-use grant was never presented, so it was never spent.
      const [approval] = await h.runtime.domain.approvals.list({ tenant: 'default' });
      expect(approval).toMatchObject({ status: 'approved', grant: expect.objectContaining({ grantId: expect.any(String) }) });
      expect(approval?.grant?.consumedAt).toBeUndefined();
    } finally {
      await h.close();
    }
  });

  it('holds for a decision a worker applies later: the stage is read when the call would run, not when it was decided', { timeout: 60_000 }, async () => {
    const h = await harness();
    try {
      await h.pause('t-defer');
      await h.runtime.decide('t-defer', { type: 'approve', by: 'op' }, { defer: true });
      await h.rollouts.setStage('default', 'read_only', 'ops');
      const [recovered] = await h.runtime.recover('t-defer');
      expect(recovered).toMatchObject({ status: 'stopped', stop_reason: 'policy_deny:cancel_shipment' });
      expect(await h.runtime.domain.countCancellations('TTN-000004')).toBe(0);
    } finally {
      await h.close();
    }
  });

  it('runs the approved cancellation when the tenant stays in general, or is back there when the call runs', { timeout: 60_000 }, async () => {
    const h = await harness();
    try {
      await h.pause('t-general');
      const resumed = await h.runtime.decide('t-general', { type: 'approve', by: 'op' });
      expect(resumed).toMatchObject({ status: 'finished', stop_reason: 'finish' });
      expect(await h.runtime.domain.countCancellations('TTN-000004')).toBe(1);
      expect((await h.runtime.runs.listEvents(resumed.run_id)).some((event) => event.type === 'policy.deny')).toBe(false);
    } finally {
      await h.close();
    }
    const back = await harness();
    try {
      await back.pause('t-back');
      await back.rollouts.setStage('default', 'read_only', 'ops');
      await back.rollouts.setStage('default', 'general', 'ops');
      expect(await back.runtime.decide('t-back', { type: 'approve', by: 'op' })).toMatchObject({ stop_reason: 'finish' });
      expect(await back.runtime.domain.countCancellations('TTN-000004')).toBe(1);
    } finally {
      await back.close();
    }
  });
});
