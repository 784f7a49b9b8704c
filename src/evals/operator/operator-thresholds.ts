import type { OperatorReport } from './run-operator-set.js';

/** The operator's acceptance (issue 33): tuned part, held-out part, and every language over both. */
export const OPERATOR_THRESHOLDS = { tuned: 0.95, held_out: 0.9, language: 0.85 } as const;

/** Whether the report meets every threshold of the parts and languages it holds. */
export function meetsOperatorThresholds(report: OperatorReport): boolean {
  const tuned = report.parts.tuned?.overall.rate;
  const held = report.parts.held_out?.overall.rate;
  if (tuned !== undefined && tuned !== null && tuned < OPERATOR_THRESHOLDS.tuned) return false;
  if (held !== undefined && held !== null && held < OPERATOR_THRESHOLDS.held_out) return false;
  return Object.values(report.by_language).every((s) => s.rate === null || s.rate >= OPERATOR_THRESHOLDS.language);
}
