import { describe, expect, it } from 'vitest';
import { COMPARE_REQUESTS } from './compare-requests.js';
import { runComparison } from './run-comparison.js';

const chosen = COMPARE_REQUESTS.filter((request) => request.id === 'track' || request.id === 'injection');

describe('runComparison (the same requests through every runtime, one counting oracle)', () => {
  it('answers correctly everywhere; the injection costs 0 calls; ADK pays for all three workers and a reporter', async () => {
    const report = await runComparison({ latencyMs: 0, requests: chosen });
    expect(report.runtimes.map((r) => [r.runtime, r.correct, r.requests])).toEqual([
      ['langgraph', 2, 2],
      ['openai-agents', 2, 2],
      ['adk', 2, 2],
    ]);
    const calls = (runtime: string, id: string) => report.runtimes.find((r) => r.runtime === runtime)?.per_request.find((p) => p.id === id)?.model_calls;
    for (const runtime of ['langgraph', 'openai-agents', 'adk']) expect(calls(runtime, 'injection')).toBe(0);
    // Supervisor, worker's tool call, worker's answer; on LangGraph the one clean delegation of the
    // whole request is relayed without a second supervisor call (relayableAnswer, issue 22).
    expect(calls('langgraph', 'track')).toBe(3);
    // Supervisor, worker's tool call, worker's answer, supervisor's answer.
    expect(calls('openai-agents', 'track')).toBe(4);
    // The tracking worker twice, the two idle workers once each, the reporter once.
    expect(calls('adk', 'track')).toBe(5);
    for (const row of report.runtimes) {
      expect(row.model_calls).toBe(row.per_request.reduce((sum, r) => sum + r.model_calls, 0));
      expect(row.usd).toBeCloseTo((row.prompt_tokens * 2 + row.completion_tokens * 8) / 1e6, 6);
    }
    expect(Math.min(...report.runtimes.map((r) => r.token_ratio))).toBe(1);
  }, 120_000);
});
