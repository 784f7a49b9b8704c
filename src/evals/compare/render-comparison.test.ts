import { describe, expect, it } from 'vitest';
import { codeLines } from './count-code-lines.js';
import { renderChart } from './render-chart.js';
import { renderQualitative } from './render-qualitative.js';
import { renderTable } from './render-table.js';
import type { ComparisonReport, RuntimeResult } from './run-comparison.js';

const row = (runtime: RuntimeResult['runtime'], calls: number, prompt: number, ratio: number): RuntimeResult => ({
  runtime,
  requests: 2,
  correct: 2,
  model_calls: calls,
  prompt_tokens: prompt,
  completion_tokens: 100,
  total_tokens: prompt + 100,
  usd: (prompt * 2 + 800) / 1e6,
  wall_ms: 1234,
  loc: { runtime: 300, assembly: 40 },
  token_ratio: ratio,
  per_request: [],
});

const report: ComparisonReport = {
  version: 1,
  model: 'gpt-4.1',
  latency_ms: 200,
  requests: [
    { id: 'a', input: 'A?' },
    { id: 'b', input: 'B?' },
  ],
  runtimes: [row('langgraph', 8, 3900, 2), row('openai-agents', 8, 2900, 1.5), row('adk', 10, 1900, 1)],
};

describe('the comparison as Markdown and SVG', () => {
  it('prints one table row per runtime with the measured numbers', () => {
    const lines = renderTable(report).split('\n');
    expect(lines).toHaveLength(5);
    expect(lines[2]).toBe('| LangGraph.js | 2/2 | 8 | 3 900 | 100 | 0.008600 | 1 234 | 300 / 40 | 2.00 |');
    expect(lines[4]).toBe('| Google ADK | 2/2 | 10 | 1 900 | 100 | 0.004600 | 1 234 | 300 / 40 | 1.00 |');
  });

  it('draws bars proportional to tokens, the largest at full scale', () => {
    const svg = renderChart(report);
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    expect(svg).toContain('4000 tokens · 8 calls · ×2.00');
    const widths = [...svg.matchAll(/<rect x="170" y="\d+" width="([\d.]+)" height="28" fill="#4e79a7"\/>/g)].map((m) => Number(m[1]));
    expect(widths).toHaveLength(3);
    expect(widths[0]).toBeGreaterThan(widths[1] ?? 0);
    expect(widths[1]).toBeGreaterThan(widths[2] ?? 0);
  });

  it('fills the token-cost row of the qualitative table from the measurement', () => {
    const table = renderQualitative(report);
    expect(table).toContain('| HITL with pause |');
    expect(table).toMatch(/\| token cost \(measured\) \| ×2\.00: 4000 tokens, 8 calls .* \| the cheapest: 2000 tokens, 10 calls/);
  });

  it('counts code lines without blank lines or comments', () => {
    expect(codeLines('/**\n * doc\n */\nconst a = 1;\n\n// why\nconst b = 2; // tail\n/* one */\n')).toBe(2);
  });
});
