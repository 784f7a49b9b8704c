import { describe, expect, it } from 'vitest';
import type { AskRequest, Runtime, RuntimeName } from '../runtimes/index.js';
import type { RunRecord } from '../telemetry/index.js';
import { routedRuntime } from './routed-runtime.js';
import { RuntimePool } from './runtime-pool.js';
import type { RunTarget } from './run-target.js';

/** A runtime that records what it was asked and answers with a record naming its own label. */
function fakeRuntime(label: string, name: RuntimeName, asked: Array<{ label: string; request: AskRequest }>, latest: Map<string, RunRecord>): Runtime {
  const runs = { latestRunForThread: async (threadId: string) => latest.get(threadId) } as unknown as Runtime['runs'];
  return {
    name,
    modelName: label,
    domain: {} as Runtime['domain'],
    controls: {} as Runtime['controls'],
    runs,
    ask: async (request) => {
      asked.push({ label, request });
      return { run_id: `run-${label}`, runtime: name } as RunRecord;
    },
    state: async (threadId) => ({ thread_id: threadId, status: 'unknown' }),
    decide: async () => ({ run_id: `decided-by-${label}` }) as RunRecord,
    recover: async () => [],
    close: async () => undefined,
  };
}

function harness() {
  const asked: Array<{ label: string; request: AskRequest }> = [];
  const opened: string[] = [];
  const latest = new Map<string, RunRecord>();
  const open = async (name: RuntimeName, options: { planner?: unknown; dbPath: string }) => {
    const label = `${name}:${String((options as { label?: string }).label ?? 'base')}`;
    opened.push(label);
    await new Promise((resolve) => setTimeout(resolve, 5));
    return fakeRuntime(label, name, asked, latest);
  };
  return { asked, opened, latest, open: open as never };
}

const base: RunTarget = { key: 'base', runtimeName: 'langgraph', options: {} };
const candidate: RunTarget = { key: 'base|cand', runtimeName: 'langgraph', options: { label: 'cand' } as never, variant: { change_id: 'chg-1', kind: 'model', arm: 'candidate', version: 'v2' } };

describe('RuntimePool', () => {
  it('opens the base at once and another target once, however many runs ask for it at the same time', async () => {
    const h = harness();
    const pool = await RuntimePool.open({ dbPath: ':memory:', base, open: h.open });
    expect(h.opened).toEqual(['langgraph:base']);
    const runtimes = await Promise.all(Array.from({ length: 5 }, () => pool.runtimeOf(candidate)));
    expect(new Set(runtimes).size).toBe(1);
    expect(h.opened).toEqual(['langgraph:base', 'langgraph:cand']);
    expect(pool.openedKeys()).toEqual(['base', 'base|cand']);
    await pool.close();
    await expect(pool.runtimeOf(candidate)).rejects.toThrow('closed');
  });

  it('runs the choosers in order on the caller, and a refusal from one refuses the run', async () => {
    const h = harness();
    const seen: string[] = [];
    const pool = await RuntimePool.open({
      dbPath: ':memory:',
      base,
      open: h.open,
      choosers: [
        (caller, target) => {
          if (caller.tenant === 'closed') throw new Error('stage refuses');
          seen.push(`first:${target.key}`);
          return caller.user === 'u-cand' ? candidate : target;
        },
        (_caller, target) => {
          seen.push(`second:${target.key}`);
          return { ...target, key: `${target.key}|tenant-endpoint` };
        },
      ],
    });
    expect((await pool.choose({ tenant: 'acme', user: 'u-cand', internal: false })).key).toBe('base|cand|tenant-endpoint');
    expect(seen).toEqual(['first:base', 'second:base|cand']);
    await expect(pool.choose({ tenant: 'closed', user: 'u', internal: false })).rejects.toThrow('stage refuses');
    await pool.close();
  });
});

describe('routedRuntime', () => {
  it('asks the chosen target with its arm, and decides a thread on the framework that ran its latest run', async () => {
    const h = harness();
    const pool = await RuntimePool.open({ dbPath: ':memory:', base, open: h.open, choosers: [(caller, target) => (caller.user === 'u-cand' ? candidate : target)] });
    const routed = routedRuntime(pool);
    await routed.ask({ input: 'a', tenant: 'acme', user: 'u-cand' });
    await routed.ask({ input: 'b', tenant: 'acme', user: 'u-stable' });
    expect(h.asked.map((a) => [a.label, a.request.variant?.arm ?? null])).toEqual([
      ['langgraph:cand', 'candidate'],
      ['langgraph:base', null],
    ]);
    h.latest.set('t-adk', { runtime: 'adk' } as RunRecord);
    expect((await routed.decide('t-adk', { type: 'approve', by: 'op' })).run_id).toBe('decided-by-adk:base');
    expect((await routed.decide('t-none', { type: 'approve', by: 'op' })).run_id).toBe('decided-by-langgraph:base');
    await routed.close();
  });
});
