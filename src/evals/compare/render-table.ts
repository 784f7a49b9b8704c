import type { ComparisonReport } from './run-comparison.js';

const LABEL: Record<string, string> = { langgraph: 'LangGraph.js', 'openai-agents': 'OpenAI Agents SDK', adk: 'Google ADK' };

/** A runtime's name as the tables print it. */
export const runtimeLabel = (name: string): string => LABEL[name] ?? name;

const thousands = (n: number): string => n.toLocaleString('en-US').replace(/,/g, ' ');

/** The measured comparison as a Markdown table, one row per runtime. */
export function renderTable(report: ComparisonReport): string {
  const header = '| runtime | correct | model calls | prompt tokens | completion tokens | USD (gpt-4.1) | wall time, ms | LOC runtime / assembly | × tokens of cheapest |';
  const rule = '|---|---:|---:|---:|---:|---:|---:|---:|---:|';
  const rows = report.runtimes.map((r) =>
    [
      runtimeLabel(r.runtime),
      `${r.correct}/${r.requests}`,
      String(r.model_calls),
      thousands(r.prompt_tokens),
      thousands(r.completion_tokens),
      r.usd.toFixed(6),
      thousands(r.wall_ms),
      `${r.loc.runtime ?? 'n/a'} / ${r.loc.assembly ?? 'n/a'}`,
      r.token_ratio.toFixed(2),
    ].join(' | '),
  );
  return [header, rule, ...rows.map((row) => `| ${row} |`)].join('\n');
}

/** Calls and tokens per request and runtime: where each runtime spends. */
export function renderPerRequest(report: ComparisonReport): string {
  const names = report.runtimes.map((r) => r.runtime);
  const header = `| request | ${names.map((n) => `${runtimeLabel(n)}: calls / tokens`).join(' | ')} |`;
  const rule = `|---|${names.map(() => '---:').join('|')}|`;
  const rows = report.requests.map((request) => {
    const cells = report.runtimes.map((r) => {
      const found = r.per_request.find((p) => p.id === request.id);
      return found ? `${found.model_calls} / ${thousands(found.prompt_tokens + found.completion_tokens)}${found.correct ? '' : ' ✗'}` : 'n/a';
    });
    return `| ${request.id}: ${request.input} | ${cells.join(' | ')} |`;
  });
  return [header, rule, ...rows].join('\n');
}
