import { describe, expect, it } from 'vitest';
import type { CallBudgetState } from './admit-model-call.js';
import { admitModelCall } from './admit-model-call.js';

const idle: CallBudgetState = { spentTokens: 0, spentUsd: 0, reservedTokens: 0, reservedUsd: 0, inFlight: 0, estimate: undefined };

describe('admitModelCall', () => {
  it('admits anything without limits, and the only call in flight while the budget is not spent', () => {
    expect(admitModelCall({ ...idle, inFlight: 9, reservedTokens: 1e9 }, {})).toEqual({ kind: 'admit' });
    expect(admitModelCall({ ...idle, spentTokens: 999 }, { maxTokens: 1000 })).toEqual({ kind: 'admit' });
  });

  it('stops once either limit is spent, naming it', () => {
    expect(admitModelCall({ ...idle, spentTokens: 1000 }, { maxTokens: 1000, maxUsd: 1 })).toEqual({ kind: 'stop', reason: 'max_tokens' });
    expect(admitModelCall({ ...idle, spentUsd: 1.5, inFlight: 2 }, { maxTokens: 1000, maxUsd: 1 })).toEqual({ kind: 'stop', reason: 'max_usd' });
  });

  it('admits a concurrent call only when every call in flight fits at its estimate, and waits otherwise', () => {
    const busy = { ...idle, spentTokens: 400, reservedTokens: 200, inFlight: 2, estimate: { tokens: 100, usd: 0 } };
    expect(admitModelCall(busy, { maxTokens: 700 })).toEqual({ kind: 'admit' });
    expect(admitModelCall(busy, { maxTokens: 699 })).toEqual({ kind: 'wait' });
    expect(admitModelCall({ ...busy, estimate: undefined }, { maxTokens: 1e6 })).toEqual({ kind: 'wait' });
    expect(admitModelCall({ ...busy, spentUsd: 0.5, reservedUsd: 0.2, estimate: { tokens: 100, usd: 0.4 } }, { maxTokens: 1e6, maxUsd: 1 })).toEqual({ kind: 'wait' });
  });

  it('counts a call in flight at the estimate now, when a larger call was answered since it was held', () => {
    // Two calls held at 100 each; a call of 300 was answered since: they may cost 300 each too.
    const grown = { ...idle, spentTokens: 300, reservedTokens: 200, inFlight: 2, estimate: { tokens: 300, usd: 0 } };
    expect(admitModelCall(grown, { maxTokens: 1200 })).toEqual({ kind: 'admit' });
    expect(admitModelCall(grown, { maxTokens: 1199 })).toEqual({ kind: 'wait' });
  });

  it('keeps N concurrent callers within one call of the limit when calls cost their estimate', () => {
    // A simulation: 8 callers, each call costs 70 tokens, answered in the order admitted, limit 1000.
    const limit = 1000;
    const cost = 70;
    let spent = 0;
    let answered = 0;
    const flight: number[] = [];
    let stopped = 0;
    const alive = new Set([0, 1, 2, 3, 4, 5, 6, 7]);
    while (alive.size > 0) {
      for (const caller of [...alive]) {
        const decision = admitModelCall({ spentTokens: spent, spentUsd: 0, reservedTokens: flight.length * (answered > 0 ? cost : 0), reservedUsd: 0, inFlight: flight.length, estimate: answered > 0 ? { tokens: cost, usd: 0 } : undefined }, { maxTokens: limit });
        if (decision.kind === 'stop') {
          alive.delete(caller);
          stopped += 1;
        } else if (decision.kind === 'admit') flight.push(caller);
      }
      const done = flight.shift();
      if (done !== undefined) {
        spent += cost;
        answered += 1;
      }
    }
    expect(stopped).toBe(8);
    expect(spent).toBeGreaterThanOrEqual(limit);
    expect(spent).toBeLessThanOrEqual(limit + cost);
  });
});
