import { afterEach, describe, expect, it } from 'vitest';
import { INSTRUCTION_IGNORED_FLAG } from '../../agents/index.js';
import { SabotagedPlanner } from '../../testing/sabotaged-planner.js';
import type { Sabotage } from '../../testing/sabotaged-planner.js';
import type { OpenedLangGraphRuntime as OpenedRuntime, OpenLangGraphOptions as OpenRuntimeOptions } from './open-runtime.js';
import { openLangGraphRuntime } from './open-runtime.js';

const opened: OpenedRuntime[] = [];
afterEach(async () => {
  for (const o of opened.splice(0)) await o.close();
});

async function open(sabotage: Record<string, Sabotage> = {}, options: Partial<OpenRuntimeOptions> & { delayMs?: number } = {}) {
  const model = new SabotagedPlanner(sabotage, { delayMs: options.delayMs ?? 0 });
  const o = await openLangGraphRuntime({ dbPath: ':memory:', model, ...options });
  opened.push(o);
  return { ...o, model };
}

describe('truthful completion in the runtime', () => {
  const cases: Array<[Sabotage, RegExp]> = [
    ['throw', /^worker error: worker crashed on TTN-000002/],
    ['empty', /^empty output/],
    ['no_facts', /^no fact from track_shipment/],
  ];
  // Its only sub-task failed, so nothing asked for was done: the run is not `finished`.
  for (const [sabotage, reason] of cases) {
    it(`a worker that ${sabotage === 'throw' ? 'throws' : sabotage === 'empty' ? 'returns empty output' : 'answers without facts'} is a failed sub-task and a stopped run that says what is missing`, async () => {
      const o = await open({ 'TTN-000002': sabotage });
      const record = await o.runtime.ask({ input: 'Де зараз посилка TTN-000002?' });
      expect(record).toMatchObject({ status: 'stopped', stop_reason: 'model_error' });
      expect(record.subtasks).toEqual([expect.objectContaining({ agent: 'tracking_agent', status: 'failed', confidence: 'low', reason: expect.stringMatching(reason) })]);
      expect(record.answer).toMatch(/Відповідь неповна: не виконано 1 з 1 частин/);
      const result = (await o.runs.listEvents(record.run_id)).find((e) => e.type === 'delegation.result');
      expect(result).toMatchObject({ agent: 'tracking_agent', status: 'error', task_id: 'd1' });
    });
  }

  it('a worker that did its job is a sub-task with facts and high confidence, and the run is complete', async () => {
    const o = await open();
    const record = await o.runtime.ask({ input: 'Де зараз посилка TTN-000002?' });
    expect(record.incomplete).toBeUndefined();
    expect(record.subtasks).toEqual([expect.objectContaining({ status: 'ok', confidence: 'high', gaps: [] })]);
  });
});

describe('parallel fan-out and partial degradation', () => {
  const FIVE = 'Status of TTN-000001, TTN-000002, TTN-000003, TTN-000004 and TTN-000005';

  it('delegates independent sub-tasks in one supervisor turn, each with its own clean context', async () => {
    const o = await open();
    const record = await o.runtime.ask({ input: 'Status of TTN-000001, TTN-000002, TTN-000003 and stock of SKU-1001' });
    expect(record.subtasks?.map((t) => [t.agent, t.request])).toEqual([
      ['tracking_agent', 'Status of TTN-000001'],
      ['tracking_agent', 'Status of TTN-000002'],
      ['tracking_agent', 'Status of TTN-000003'],
      ['warehouse_agent', 'stock of SKU-1001'],
    ]);
    const events = await o.runs.listEvents(record.run_id);
    // One turn fans out, one summarises: the supervisor's model is called twice whatever the fan-out.
    expect(events.filter((e) => e.type === 'model.call' && e.agent === 'supervisor')).toHaveLength(2);
    expect(new Set(events.filter((e) => e.type === 'delegation.start').map((e) => e.task_id)).size).toBe(4);
  });

  it('answers with the 3 parts that succeeded and names the 2 that are missing, and why', async () => {
    const o = await open({ 'TTN-000002': 'throw', 'TTN-000004': 'empty' });
    const record = await o.runtime.ask({ input: FIVE });
    expect(record).toMatchObject({ status: 'finished', stop_reason: 'finish', incomplete: true });
    expect(record.subtasks?.map((t) => t.status)).toEqual(['ok', 'failed', 'ok', 'failed', 'ok']);
    for (const id of ['TTN-000001', 'TTN-000003', 'TTN-000005']) expect(record.answer).toContain(`Shipment ${id}`);
    expect(record.answer).toContain('This answer is incomplete: 2 of 5 parts failed');
    expect(record.answer).toContain('«Status of TTN-000002» (tracking_agent: the agent failed (worker crashed on TTN-000002))');
    expect(record.answer).toContain('«Status of TTN-000004» (tracking_agent: the agent gave no answer)');
  });

  it('caps how many sub-tasks run at once', async () => {
    const capped = await open({}, { maxParallelDelegations: 2, delayMs: 15 });
    await capped.runtime.ask({ input: FIVE });
    expect(capped.model.maxInFlight).toBe(2);
    const wide = await open({}, { delayMs: 15 });
    await wide.runtime.ask({ input: FIVE });
    expect(wide.model.maxInFlight).toBe(4);
  });

  it('refuses a cap of 1, which LangGraph would turn into dropped tasks', async () => {
    await expect(openLangGraphRuntime({ dbPath: ':memory:', maxParallelDelegations: 1 })).rejects.toThrow(/at least 2/);
  });

  it('delegates one sub-task per turn in sequential mode, with the same answer', async () => {
    const o = await open({}, { delegation: 'sequential' });
    const record = await o.runtime.ask({ input: 'Status of TTN-000001, TTN-000002 and stock of SKU-1001' });
    expect(record.subtasks).toHaveLength(3);
    const events = await o.runs.listEvents(record.run_id);
    expect(events.filter((e) => e.type === 'model.call' && e.agent === 'supervisor')).toHaveLength(4);
    expect(record.answer).toContain('Shipment TTN-000002');
  });

  it('counts delegations across the whole task and stops at the task-wide budget', async () => {
    const o = await open({}, { limits: { maxDelegations: 3 } });
    const record = await o.runtime.ask({ input: FIVE });
    expect(record).toMatchObject({ status: 'stopped', stop_reason: 'max_steps' });
    const denied = (await o.runs.listEvents(record.run_id)).filter((e) => e.type === 'policy.deny');
    expect(denied[0]?.detail).toContain('the task-wide budget of 3 delegations is spent');
  });
});

describe('the trust boundary between agents', () => {
  it('does not act on an instruction embedded in a worker’s output, and reports it', async () => {
    const o = await open({ 'TTN-000001': 'inject' });
    const before = await o.domain.countCancellations();
    const record = await o.runtime.ask({ input: 'Де зараз посилка TTN-000001?' });
    expect(record).toMatchObject({ status: 'finished', stop_reason: 'finish' });
    expect(record.tool_calls.map((c) => c.tool)).toEqual(['track_shipment']);
    expect(await o.domain.countCancellations()).toBe(before);
    expect(record.subtasks?.[0]).toMatchObject({ status: 'ok', confidence: 'medium', flags: [INSTRUCTION_IGNORED_FLAG] });
    expect(record.answer).toContain('її не виконано');
    const taint = (await o.runs.listEvents(record.run_id)).find((e) => e.type === 'guard.taint');
    expect(taint).toMatchObject({ agent: 'tracking_agent', parent: 'supervisor', detail: expect.stringContaining(INSTRUCTION_IGNORED_FLAG) });
  });
});
