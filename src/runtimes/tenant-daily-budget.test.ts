import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { serveCountingOracle, type CountingOracle } from '../evals/compare/counting-oracle.js';
import { openControlStore, openDailyBudgetStore } from '../policy/index.js';
import type { RunRecord } from '../telemetry/index.js';
import { storeBackends, type TestDatabase } from '../testing/store-backends.js';
import type { Runtime } from './core/index.js';
import { openRuntime } from './open-runtime.js';

let oracle: CountingOracle;
beforeAll(async () => {
  oracle = await serveCountingOracle();
});
afterAll(async () => {
  await oracle.close();
});

const QUESTIONS = ['Де зараз посилка TTN-000001?', 'Скільки ноутбуків SKU-1001 на складах?', 'Вартість 8 кг Одеса→Харків express', 'Where is TTN-000002 and how much is 3 kg Kyiv to Lviv express?'];

/** Every answered model call's tokens, from the runs' audit trails. */
async function callSizes(runtime: Runtime, records: readonly RunRecord[]): Promise<number[]> {
  const sizes: number[] = [];
  for (const record of records) {
    for (const event of await runtime.runs.listEvents(record.run_id)) {
      const match = event.type === 'model.call' ? /: (\d+)\+(\d+) tokens$/.exec(event.detail ?? '') : null;
      if (match) sizes.push(Number(match[1]) + Number(match[2]));
    }
  }
  return sizes;
}

describe.each(storeBackends())('per-tenant daily budgets across concurrent runs on $name', (backend) => {
  let db: TestDatabase | undefined;
  const closing: Array<{ close(): Promise<void> }> = [];
  afterEach(async () => {
    for (const c of closing.splice(0).reverse()) await c.close();
    await db?.cleanup();
    db = undefined;
  });

  it('charges every model call as it is answered, so 12 concurrent runs of a tenant on two runtimes pass its daily limit by at most one call once its calls are known', async () => {
    db = await backend.fresh();
    const endpoint = { model: 'gpt-4.1', baseUrl: oracle.baseUrl };
    // Two runtimes on one database: two processes, as far as the budget can tell.
    const runtimes = [await openRuntime('langgraph', { dbPath: db.location, endpoint }), await openRuntime('langgraph', { dbPath: db.location, endpoint })];
    closing.push(...runtimes);
    const controls = await openControlStore(db.location);
    const budget = await openDailyBudgetStore(db.location);
    closing.push(controls, budget);
    // The bound holds while no call costs more than the largest answered before it (admitModelCall):
    // one run of each question first, so the day knows the largest call. Without them the replayed
    // calls, a few tokens apart from one run to the next, passed the bound by 3 once. A day is charged
    // only for a tenant with a daily limit: a high one while they run.
    await controls.setDailyLimits('acme', { maxTokensPerDay: 1_000_000 });
    const warmUp: RunRecord[] = [];
    for (const input of QUESTIONS) warmUp.push(await (runtimes[0] as Runtime).ask({ input, tenant: 'acme' }));
    const day = (warmUp[0] as RunRecord).started_at.slice(0, 10);
    const limit = (await budget.spend('acme', day)).tokens + 5000;
    await controls.setDailyLimits('acme', { maxTokensPerDay: limit });

    const burst = await Promise.all(Array.from({ length: 12 }, (_, i) => (runtimes[i % 2] as Runtime).ask({ input: QUESTIONS[i % QUESTIONS.length] as string, tenant: 'acme' })));
    const records = [...warmUp, ...burst];
    const spent = await budget.spend('acme', day);
    const sizes = await callSizes(runtimes[0] as Runtime, records);
    const recorded = records.reduce((sum, r) => sum + r.usage.prompt_tokens + r.usage.completion_tokens, 0);

    // Every call of every run was charged to the day, call by call, and the day passed its limit by one call at most.
    expect(spent.tokens).toBe(recorded);
    expect(spent.calls).toBe(sizes.length);
    expect(spent.tokens).toBeGreaterThanOrEqual(limit);
    expect(spent.tokens).toBeLessThanOrEqual(limit + Math.max(...sizes));
    const stopped = burst.filter((r) => r.stop_reason === 'max_tokens');
    expect(stopped.length).toBeGreaterThan(0);
    expect(warmUp.every((r) => r.stop_reason === 'finish')).toBe(true);
    expect(burst.every((r) => r.stop_reason === 'finish' || r.stop_reason === 'max_tokens')).toBe(true);
    const events = await runtimes[0]?.runs.listEvents((stopped[0] as RunRecord).run_id);
    expect(events?.some((e) => e.type === 'budget.stop' && /^max_tokens: tenant acme's daily token budget is spent/.test(e.detail ?? ''))).toBe(true);
    // Another tenant is not held by acme's budget.
    expect((await (runtimes[1] as Runtime).ask({ input: QUESTIONS[0] as string, tenant: 'globex' })).stop_reason).toBe('finish');
  });

  it('shares one run\'s token budget across its whole delegation tree', async () => {
    db = await backend.fresh();
    const runtime = await openRuntime('langgraph', { dbPath: db.location, endpoint: { model: 'gpt-4.1', baseUrl: oracle.baseUrl }, limits: { maxTokens: 1500 } });
    closing.push(runtime);
    const record = await runtime.ask({ input: 'Where is TTN-000002, how many SKU-1001 are in stock, and how much is 3 kg Kyiv to Lviv express?', tenant: 'acme' });
    const sizes = await callSizes(runtime, [record]);
    const total = record.usage.prompt_tokens + record.usage.completion_tokens;
    expect(record.stop_reason).toBe('max_tokens');
    expect(total).toBeGreaterThanOrEqual(1500);
    expect(total).toBeLessThanOrEqual(1500 + Math.max(...sizes));
    expect(new Set((await runtime.runs.listEvents(record.run_id)).filter((e) => e.type === 'model.call').map((e) => e.agent)).size).toBeGreaterThan(1);
  });
});
