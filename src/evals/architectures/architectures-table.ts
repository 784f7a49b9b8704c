import type { ArchitecturesReport } from './run-architectures.js';

/** The report as a Markdown table, one row per architecture, for a terminal or a README. */
export function architecturesTable(report: ArchitecturesReport): string {
  const header = '| architecture | correct | model calls | tokens (prompt + completion) | wall time | peak context | delegations | untrusted reader reaches cancel_shipment |';
  const rule = '|---|---|---|---|---|---|---|---|';
  const rows = report.rows.map(
    (r) =>
      `| ${r.architecture}: ${r.label} | ${r.correct}/${r.tasks} | ${r.model_calls} | ${r.total_tokens} (${r.prompt_tokens} + ${r.completion_tokens}) | ${r.wall_ms} ms | ${r.peak_context_tokens} | ${r.delegations} | ${r.untrusted_reader_reaches_cancel ? 'yes' : 'no'} |`,
  );
  return [header, rule, ...rows].join('\n');
}
