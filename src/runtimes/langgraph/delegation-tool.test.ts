import type { BaseMessage } from '@langchain/core/messages';
import { AIMessage } from '@langchain/core/messages';
import type { RunnableConfig } from '@langchain/core/runnables';
import type { StructuredToolInterface } from '@langchain/core/tools';
import { afterEach, describe, expect, it } from 'vitest';
import { UsageLedger } from '../../models/index.js';
import type { RolesTable, RunLimits } from '../../policy/index.js';
import { ConcurrencyCap, DEFAULT_DOMAIN_POLICY, LoopDetector, RateLimiter, RunBudget, SqliteControlStore, ToolResilience } from '../../policy/index.js';
import type { Invocable } from './delegation-tool.js';
import { delegationTool } from './delegation-tool.js';
import { proofSettings, RunLedger, withLedger } from '../core/index.js';

const stores: SqliteControlStore[] = [];
afterEach(async () => {
  for (const store of stores.splice(0)) await store.close();
});

function rootContext(limits: Partial<RunLimits> = {}): RunLedger {
  const controls = SqliteControlStore.open(':memory:');
  stores.push(controls);
  return new RunLedger({
    runtime: 'langgraph',
    runId: 'run-1',
    requestId: 'req-1',
    tenant: 'default',
    proof: proofSettings(),
    threadId: 't-1',
    trustedText: 'test',
    budget: new RunBudget(limits),
    controls,
    loops: new LoopDetector(),
    resilience: new ToolResilience(),
    rateLimiter: new RateLimiter({ burst: 10, perSecond: 10 }),
    concurrency: new ConcurrencyCap(4),
    usage: new UsageLedger(),
    policy: DEFAULT_DOMAIN_POLICY,
    now: () => new Date('2026-11-30T10:00:00Z'),
  });
}

// A fake agent that delegates onward to `next` (by calling its delegation tool, as a model would), or
// answers. Like a compiled graph, it runs its tools with the config it was invoked with.
function agent(next: () => StructuredToolInterface | undefined): Invocable {
  return {
    async invoke(input, config) {
      const onward = next();
      const content = onward ? String(await onward.invoke({ request: input.messages[0]?.content ?? '' }, config as RunnableConfig)) : 'done';
      return { messages: [new AIMessage({ content })] as BaseMessage[] };
    },
  };
}

const CYCLIC: RolesTable = {
  supervisor: { tools: [], delegates: ['a'], scopes: [] },
  a: { tools: [], delegates: ['b'], scopes: [] },
  b: { tools: [], delegates: ['a'], scopes: [] },
};

const CHAIN: RolesTable = {
  supervisor: { tools: [], delegates: ['a'], scopes: [] },
  a: { tools: [], delegates: ['b'], scopes: [] },
  b: { tools: [], delegates: ['c'], scopes: [] },
  c: { tools: [], delegates: [], scopes: [] },
};

describe('the delegation tool enforces the call tree at run time', () => {
  it('stops a cycle with cycle_detected before the repeated agent runs', async () => {
    let calls = 0;
    const tools: Record<string, StructuredToolInterface> = {};
    const a = delegationTool('a', agent(() => (calls++, tools.b)), CYCLIC);
    tools.a = a;
    tools.b = delegationTool('b', agent(() => (calls++, tools.a)), CYCLIC);
    const run = rootContext({ maxDepth: 5 });
    await withLedger(run, () => a.invoke({ request: 'go' }));
    expect(run.stopped).toEqual({ reason: 'cycle_detected', detail: 'supervisor → a → b → a: a is already on the call path' });
    expect(calls).toBe(2);
    expect(run.events.find((e) => e.type === 'policy.deny')).toMatchObject({ agent: 'a', parent: 'b', status: 'denied' });
  });

  it('stops a chain deeper than the depth limit with depth_limit', async () => {
    const tools: Record<string, StructuredToolInterface> = {};
    const a = delegationTool('a', agent(() => tools.b), CHAIN);
    tools.b = delegationTool('b', agent(() => tools.c), CHAIN);
    tools.c = delegationTool('c', agent(() => undefined), CHAIN);
    const deep = rootContext();
    await withLedger(deep, () => a.invoke({ request: 'go' }));
    expect(deep.stopped?.reason).toBe('depth_limit');
    const roomy = rootContext({ maxDepth: 3 });
    await withLedger(roomy, () => a.invoke({ request: 'go' }));
    expect(roomy.stopped).toBeUndefined();
    expect(roomy.subtasks.map((t) => t.agent)).toEqual(['c', 'b', 'a']);
  });

  it('denies a delegation outside the tree with policy_deny:<agent>', async () => {
    const rogue = delegationTool('warehouse_agent', agent(() => undefined));
    const run = rootContext();
    const worker = run.child('tracking_agent');
    const reply = await withLedger(worker, () => rogue.invoke({ request: 'stock please' }));
    expect(String(reply)).toContain('tracking_agent may not delegate to warehouse_agent');
    expect(run.stopped?.reason).toBe('policy_deny:warehouse_agent');
  });
});

describe('stops inside a sub-task', () => {
  it('ends only the sub-task on a tool failure, and the whole run on anything else', () => {
    const run = rootContext();
    const breaker = run.child('pricing_agent');
    breaker.stop('tool_unhealthy:calc_delivery', 'breaker open');
    expect(breaker.stopped?.reason).toBe('tool_unhealthy:calc_delivery');
    expect(run.stopped).toBeUndefined();
    const killed = run.child('tracking_agent');
    killed.stop('operator_kill', 'kill switch');
    expect(run.stopped?.reason).toBe('operator_kill');
    // A run stopped from above halts every child, also one that had no stop of its own.
    expect(run.child('warehouse_agent').stopped?.reason).toBe('operator_kill');
    expect(run.delegations).toBe(3);
  });
});
