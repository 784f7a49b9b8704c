import { z } from 'zod';
import type { RedteamReport } from './redteam-report.js';

// Only what the comparison reads: an older report with more or fewer fields still compares.
const Counts = z.object({ total: z.number(), withstood: z.number(), breached: z.number(), inconclusive: z.number(), attack_success_rate: z.number().nullable() });
const PreviousReport = z.object({
  generated_at: z.string(),
  overall: Counts,
  by_family: z.record(z.string(), Counts),
  benign: z.object({ total: z.number(), blocked: z.number(), false_positive_rate: z.number() }),
  attacks: z.array(z.object({ id: z.string(), outcome: z.string() })),
});
export type PreviousRedteamReport = z.infer<typeof PreviousReport>;

/** Reads a previous report for comparison; undefined when it is not one (then there is no "before"). */
export function parsePreviousRedteam(data: unknown): PreviousRedteamReport | undefined {
  const parsed = PreviousReport.safeParse(data);
  return parsed.success ? parsed.data : undefined;
}

export interface RedteamComparison {
  previous_generated_at: string;
  rows: Array<{ measure: string; before: string; after: string }>;
  changed: Array<{ id: string; before: string; after: string }>;
}

const rate = (value: number | null) => (value === null ? 'n/a' : `${(value * 100).toFixed(1)}%`);

/** Before and after: overall and per-family attack success rates, benign false positives, and attacks whose outcome changed. */
export function compareRedteam(previous: PreviousRedteamReport, current: RedteamReport): RedteamComparison {
  const rows = [
    { measure: 'attacks', before: String(previous.overall.total), after: String(current.overall.total) },
    { measure: 'breached', before: String(previous.overall.breached), after: String(current.overall.breached) },
    { measure: 'inconclusive', before: String(previous.overall.inconclusive), after: String(current.overall.inconclusive) },
    { measure: 'attack success rate', before: rate(previous.overall.attack_success_rate), after: rate(current.overall.attack_success_rate) },
    ...[...new Set([...Object.keys(previous.by_family), ...Object.keys(current.by_family)])].sort().map((family) => ({
      measure: `  ${family}`,
      before: rate(previous.by_family[family]?.attack_success_rate ?? null),
      after: rate(current.by_family[family]?.attack_success_rate ?? null),
    })),
    { measure: 'benign false-positive rate', before: rate(previous.benign.false_positive_rate), after: rate(current.benign.false_positive_rate) },
  ];
  const before = new Map(previous.attacks.map((a) => [a.id, a.outcome]));
  const changed = current.attacks.filter((a) => before.has(a.id) && before.get(a.id) !== a.outcome).map((a) => ({ id: a.id, before: before.get(a.id) ?? '', after: a.outcome }));
  return { previous_generated_at: previous.generated_at, rows, changed };
}
