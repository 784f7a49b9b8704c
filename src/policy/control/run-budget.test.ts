import { describe, expect, it } from 'vitest';
import { RunBudget } from './run-budget.js';

function clock(start = 1_000_000) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

describe('RunBudget', () => {
  it('lets a run proceed until a limit is reached', () => {
    const budget = new RunBudget({ maxSteps: 3 });
    budget.recordStep();
    budget.recordStep();
    expect(budget.check()).toBeUndefined();
    budget.recordStep();
    expect(budget.check()).toBe('max_steps');
  });

  it('stops on wall-clock time with an injected clock', () => {
    const c = clock();
    const budget = new RunBudget({ maxSeconds: 2 }, c.now);
    c.advance(1999);
    expect(budget.check()).toBeUndefined();
    c.advance(1);
    expect(budget.check()).toBe('max_seconds');
    expect(budget.usage().elapsedMs).toBe(2000);
  });

  it('counts prompt and completion tokens together', () => {
    const budget = new RunBudget({ maxTokens: 1000 });
    budget.recordUsage({ promptTokens: 700, completionTokens: 299 });
    expect(budget.check()).toBeUndefined();
    budget.recordUsage({ completionTokens: 1 });
    expect(budget.check()).toBe('max_tokens');
  });

  it('stops on spend', () => {
    const budget = new RunBudget({ maxUsd: 0.01 });
    budget.recordUsage({ usd: 0.006 });
    expect(budget.check()).toBeUndefined();
    budget.recordUsage({ usd: 0.004 });
    expect(budget.check()).toBe('max_usd');
  });

  it('reports the first limit in a fixed order when several are reached', () => {
    const budget = new RunBudget({ maxSteps: 1, maxTokens: 1 });
    budget.recordStep();
    budget.recordUsage({ promptTokens: 5 });
    expect(budget.check()).toBe('max_steps');
  });

  it.each([{ maxSteps: 0 }, { maxUsd: -1 }, { maxSeconds: Number.NaN }])('refuses a non-positive limit %j', (limits) => {
    expect(() => new RunBudget(limits)).toThrow(/must be a positive number/);
  });
  it('holds parallel model calls of a run tree so they pass its token limit by one call at most', async () => {
    const budget = new RunBudget({ maxTokens: 1000 });
    const first = budget.holdCall();
    expect(first.kind).toBe('admit');
    // Nothing is known of a call's size yet: a parallel call waits for the first to be answered.
    expect(budget.holdCall()).toEqual({ kind: 'wait' });
    const woken = budget.nextSettle();
    budget.recordUsage({ promptTokens: 250, completionTokens: 50 });
    if (first.kind === 'admit') budget.settleCall(first.hold, { tokens: 300, usd: 0 });
    await woken;
    // 300 spent; two calls of 300 fit (900), a third would not (1200).
    const second = budget.holdCall();
    const third = budget.holdCall();
    expect([second.kind, third.kind, budget.holdCall().kind]).toEqual(['admit', 'admit', 'wait']);
    // A call that failed gives its hold back without spending.
    if (third.kind === 'admit') budget.settleCall(third.hold);
    expect(budget.holdCall().kind).toBe('admit');
    budget.recordUsage({ promptTokens: 700 });
    expect(budget.holdCall()).toEqual({ kind: 'stop', reason: 'max_tokens' });
  });

  it('goes on from what the run tree spent before a pause: steps, tokens, cost and running time count against its limits', () => {
    const c = clock();
    const before = { steps: 3, promptTokens: 900, completionTokens: 50, usd: 0.004, elapsedMs: 1500, delegations: 2 };
    expect(new RunBudget({ maxSteps: 3 }, c.now, before).check()).toBe('max_steps');
    expect(new RunBudget({ maxTokens: 950 }, c.now, before).check()).toBe('max_tokens');
    expect(new RunBudget({ maxTokens: 950 }, c.now, before).holdCall()).toEqual({ kind: 'stop', reason: 'max_tokens' });
    expect(new RunBudget({ maxUsd: 0.004 }, c.now, before).check()).toBe('max_usd');
    const timed = new RunBudget({ maxSeconds: 2 }, c.now, before);
    expect(timed.check()).toBeUndefined();
    c.advance(500);
    expect(timed.check()).toBe('max_seconds');
    const budget = new RunBudget({}, c.now, before);
    budget.recordStep();
    budget.recordUsage({ promptTokens: 10, usd: 0.001 });
    expect(budget.usage()).toMatchObject({ steps: 4, promptTokens: 910, completionTokens: 50, usd: 0.005, elapsedMs: 1500 });
    expect(budget.before).toBe(before);
  });
});
