import type { OperatorReport, OperatorScore } from './run-operator-set.js';

const cell = (s: OperatorScore | undefined): string => (s === undefined || s.rate === null ? '—' : `${(s.rate * 100).toFixed(1)}% (${s.passed}/${s.total})`);

/** The report as lines for a terminal: per part, per language and per kind, then every failed question. */
export function operatorSummary(report: OperatorReport): string[] {
  const lines = [`operator questions: ${cell(report.overall)} passed (${report.runtime}, ${report.model}, today ${report.today.slice(0, 10)})`];
  for (const [part, scores] of Object.entries(report.parts)) {
    lines.push(`${part.padEnd(9)} ${cell(scores.overall)}`);
    lines.push(`  by language: ${Object.entries(scores.by_language).map(([lang, s]) => `${lang} ${cell(s)}`).join(', ')}`);
    lines.push(`  by kind:     ${Object.entries(scores.by_kind).map(([kind, s]) => `${kind} ${cell(s)}`).join(', ')}`);
  }
  lines.push(`all parts by language: ${Object.entries(report.by_language).map(([lang, s]) => `${lang} ${cell(s)}`).join(', ')}`);
  for (const r of report.results.filter((result) => !result.passed)) lines.push(`FAILED ${r.id} (${r.part}): ${r.failures.join('; ')}`);
  return lines;
}
