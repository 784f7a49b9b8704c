import { describe, expect, it } from 'vitest';
import { UsageLedger } from './usage-ledger.js';

// One price table for every runtime: LangGraph records replies, the OpenAI Agents and ADK adapters
// record token counts, and both are priced the same way.
describe('the usage ledger', () => {
  it('prices the offline planner at $0, a listed model from the price table, and an unlisted one at 0', () => {
    const ledger = new UsageLedger();
    expect(ledger.recordTokens('supervisor', 'waybill-offline-planner', { promptTokens: 5000, completionTokens: 300 }).usd).toBe(0);
    expect(ledger.recordTokens('tracking_agent', 'openai/gpt-4.1', { promptTokens: 1000, completionTokens: 500 }).usd).toBeCloseTo(0.006, 12);
    expect(ledger.recordTokens('pricing_agent', 'llama3.1:8b', { promptTokens: 100, completionTokens: 10 }).usd).toBe(0);
    expect(ledger.totals()).toMatchObject({ calls: 3, promptTokens: 6100, completionTokens: 810 });
    expect(ledger.byAgent().tracking_agent?.usd).toBeCloseTo(0.006, 12);
  });

  it('prices a model the caller configures a price for, offline planner included', () => {
    const ledger = new UsageLedger({ 'waybill-offline-planner': { inputPerMillion: 1, outputPerMillion: 2 } });
    expect(ledger.recordTokens('supervisor', 'waybill-offline-planner', { promptTokens: 1_000_000, completionTokens: 1_000_000 }).usd).toBeCloseTo(3, 12);
  });
});
