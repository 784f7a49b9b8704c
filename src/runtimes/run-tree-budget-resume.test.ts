import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { definePriceTable } from '../policy/cost/model-prices.js';
import type { RunLimits } from '../policy/index.js';
import type { RunRecord } from '../telemetry/index.js';
import { storeBackends, type TestDatabase } from '../testing/store-backends.js';
import { makeTempDir } from '../testing/temp-dir.js';
import type { Runtime, RuntimeName } from './core/index.js';
import { openRuntime } from './open-runtime.js';

// Issue 37: a run paused for approval and resumed (by another process, or by recovery of a deferred
// decision) is one run tree; its resumed part goes on from what the tree spent before the pause, so a
// limit that only the two parts together pass stops the resumed part with the budget's stop reason.

const CANCEL = 'Скасуй TTN-000004, клієнт відмовився, поверни 720 грн';
// A price for the offline planner, so the tree's cost is not zero.
const prices = definePriceTable({ 'waybill-offline-planner': { inputPerMillion: 100, outputPerMillion: 400 } });
const tokens = (r: RunRecord) => r.usage.prompt_tokens + r.usage.completion_tokens;

const temp = makeTempDir();
afterAll(() => temp.cleanup());

/** The run's two parts without a limit, on a private database: what each spends. */
async function probe(name: RuntimeName): Promise<{ paused: RunRecord; resumed: RunRecord }> {
  const runtime = await openRuntime(name, { dbPath: join(temp.dir, `probe-${name}.db`), prices });
  try {
    const paused = await runtime.ask({ input: CANCEL, threadId: 'probe' });
    const resumed = await runtime.decide('probe', { type: 'approve', by: 'op' });
    return { paused, resumed };
  } finally {
    await runtime.close();
  }
}

const probes = new Map<RuntimeName, { paused: RunRecord; resumed: RunRecord }>();
beforeAll(async () => {
  for (const name of ['langgraph', 'openai-agents'] as const) probes.set(name, await probe(name));
});

describe.each(storeBackends())('a run tree\'s budget across a pause for approval on $name', (backend) => {
  let db: TestDatabase | undefined;
  const closing: Runtime[] = [];
  afterEach(async () => {
    for (const runtime of closing.splice(0).reverse()) await runtime.close();
    await db?.cleanup();
    db = undefined;
  });

  async function open(name: RuntimeName, limits: Partial<RunLimits>): Promise<Runtime> {
    const runtime = await openRuntime(name, { dbPath: (db as TestDatabase).location, prices, limits });
    closing.push(runtime);
    return runtime;
  }

  it('langgraph, decided in another process: the resumed part stops max_tokens when the tree, not the part, passes the limit', async () => {
    const { paused: before, resumed: after } = probes.get('langgraph') as { paused: RunRecord; resumed: RunRecord };
    const limit = tokens(before) + 1;
    // Either part alone fits the limit: only the tree passes it.
    expect(tokens(after)).toBeLessThan(limit);
    db = await backend.fresh();
    const first = await open('langgraph', { maxTokens: limit });
    const paused = await first.ask({ input: CANCEL, threadId: 'tree' });
    expect(paused.status).toBe('awaiting_approval');
    expect(paused.run_tree).toMatchObject({ prompt_tokens: paused.usage.prompt_tokens, completion_tokens: paused.usage.completion_tokens });

    const second = await open('langgraph', { maxTokens: limit });
    const resumed = await second.decide('tree', { type: 'approve', by: 'op' });
    expect(resumed).toMatchObject({ status: 'stopped', stop_reason: 'max_tokens' });
    expect(tokens(resumed)).toBeLessThan(tokens(after));
    const tree = resumed.run_tree;
    expect(tree && tree.prompt_tokens + tree.completion_tokens).toBe(tokens(paused) + tokens(resumed));
    expect(tree?.steps).toBe((paused.run_tree?.steps ?? 0) + resumed.steps);
    const events = await second.runs.listEvents(resumed.run_id);
    expect(events.some((e) => e.type === 'budget.stop' && (e.detail ?? '').startsWith('max_tokens'))).toBe(true);
  });

  it('openai-agents, a deferred decision resumed by recovery: the resumed part stops max_usd on the tree\'s cost', async () => {
    const { paused: before, resumed: after } = probes.get('openai-agents') as { paused: RunRecord; resumed: RunRecord };
    const limit = before.usage.usd * 1.01;
    expect(after.usage.usd).toBeLessThan(limit);
    db = await backend.fresh();
    const first = await open('openai-agents', { maxUsd: limit });
    const paused = await first.ask({ input: CANCEL, threadId: 'tree' });
    expect(paused.status).toBe('awaiting_approval');
    await first.decide('tree', { type: 'approve', by: 'op' }, { defer: true });

    const worker = await open('openai-agents', { maxUsd: limit });
    const [resumed] = await worker.recover('tree');
    expect(resumed).toMatchObject({ status: 'stopped', stop_reason: 'max_usd' });
    expect(resumed?.run_tree?.usd).toBeCloseTo(paused.usage.usd + (resumed?.usage.usd ?? 0), 12);
    expect(resumed?.run_tree?.usd).toBeGreaterThanOrEqual(limit);
  });
});
