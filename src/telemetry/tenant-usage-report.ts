import type { RunStore } from './run-store.js';
import { windowBounds, type UsageWindow } from './usage-window.js';

/** Approval requests filed on a day, by what became of them. */
interface ApprovalTally {
  requested: number;
  approved: number;
  edited: number;
  auto: number;
  rejected: number;
  pending: number;
}

/** One tenant's day: runs, tokens, cost, approvals and stops by reason. */
interface TenantUsageDay {
  tenant: string;
  day: string;
  runs: number;
  prompt_tokens: number;
  completion_tokens: number;
  tokens: number;
  usd: number;
  approvals: ApprovalTally;
  stops: Record<string, number>;
}

export interface TenantUsageReport {
  since: string;
  until: string;
  tenant: string | null;
  /** Days with any run or approval, oldest first, then by tenant. */
  days: TenantUsageDay[];
  /** The window's sums per tenant (the `day` field is the window, `since..until`). */
  totals: TenantUsageDay[];
}

/** What the report reads: run records and approval requests, each counted per day by its own store. */
export interface UsageSources {
  runs: Pick<RunStore, 'countRunsByDay'>;
  approvals: {
    countByDay(range: { from: string; to: string; tenant?: string | undefined }): Promise<Array<{ tenant: string; day: string; status: string; decision: string | null; approvals: number }>>;
  };
}

const emptyDay = (tenant: string, day: string): TenantUsageDay => ({
  tenant, day, runs: 0, prompt_tokens: 0, completion_tokens: 0, tokens: 0, usd: 0,
  approvals: { requested: 0, approved: 0, edited: 0, auto: 0, rejected: 0, pending: 0 }, stops: {},
});

function add(into: TenantUsageDay, from: TenantUsageDay): void {
  into.runs += from.runs;
  into.prompt_tokens += from.prompt_tokens;
  into.completion_tokens += from.completion_tokens;
  into.tokens += from.tokens;
  into.usd += from.usd;
  for (const key of Object.keys(into.approvals) as Array<keyof ApprovalTally>) into.approvals[key] += from.approvals[key];
  for (const [reason, count] of Object.entries(from.stops)) into.stops[reason] = (into.stops[reason] ?? 0) + count;
}

/**
 * A per-tenant usage report over whole UTC days, from the stores (so it counts every process's and
 * worker's runs). A paused run and its resumed run are two run records; an approval counts on the day
 * it was requested, with what became of it.
 */
export async function tenantUsageReport(sources: UsageSources, window: UsageWindow): Promise<TenantUsageReport> {
  const { from, to } = windowBounds(window);
  const [runs, approvals] = await Promise.all([sources.runs.countRunsByDay(window), sources.approvals.countByDay({ from, to, tenant: window.tenant })]);
  const days = new Map<string, TenantUsageDay>();
  const dayOf = (tenant: string, day: string) => {
    const key = `${day}\u0000${tenant}`;
    let entry = days.get(key);
    if (!entry) days.set(key, (entry = emptyDay(tenant, day)));
    return entry;
  };
  for (const row of runs) {
    const entry = dayOf(row.tenant, row.day);
    const prompt = Number(row.prompt_tokens);
    const completion = Number(row.completion_tokens);
    entry.runs += Number(row.runs);
    entry.prompt_tokens += prompt;
    entry.completion_tokens += completion;
    entry.tokens += prompt + completion;
    entry.usd += Number(row.usd);
    entry.stops[row.stop_reason] = (entry.stops[row.stop_reason] ?? 0) + Number(row.runs);
  }
  for (const row of approvals) {
    const tally = dayOf(row.tenant, row.day).approvals;
    const count = Number(row.approvals);
    tally.requested += count;
    if (row.status === 'pending') tally.pending += count;
    else if (row.status === 'rejected') tally.rejected += count;
    else {
      tally.approved += count;
      if (row.decision === 'edit') tally.edited += count;
      if (row.decision === 'auto') tally.auto += count;
    }
  }
  const ordered = [...days.values()].sort((a, b) => (a.day === b.day ? (a.tenant < b.tenant ? -1 : 1) : a.day < b.day ? -1 : 1));
  const totals = new Map<string, TenantUsageDay>();
  for (const day of ordered) {
    let total = totals.get(day.tenant);
    if (!total) totals.set(day.tenant, (total = emptyDay(day.tenant, `${window.since}..${window.until}`)));
    add(total, day);
  }
  // Cost sums of many small floats: round to micro-dollars so the report does not show float noise.
  const tidy = (d: TenantUsageDay) => ({ ...d, usd: Math.round(d.usd * 1e6) / 1e6 });
  return { since: window.since, until: window.until, tenant: window.tenant ?? null, days: ordered.map(tidy), totals: [...totals.values()].sort((a, b) => (a.tenant < b.tenant ? -1 : 1)).map(tidy) };
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The window of a report request: `since`/`until` as YYYY-MM-DD (UTC), or the last `days` days ending
 * `today`; at most 366 days. Returns a problem to show instead when the input is not a window.
 */
export function parseUsageWindow(input: { since?: string | undefined; until?: string | undefined; days?: string | undefined }, today: Date): { since: string; until: string } | { problem: string } {
  const isDay = (value: string) => {
    const at = Date.parse(`${value}T00:00:00Z`);
    return DAY.test(value) && !Number.isNaN(at) && new Date(at).toISOString().startsWith(value);
  };
  for (const key of ['since', 'until'] as const) {
    const value = input[key];
    if (value !== undefined && !isDay(value)) return { problem: `${key} must be a UTC day as YYYY-MM-DD, got ${JSON.stringify(value)}` };
  }
  if (input.days !== undefined && (input.since !== undefined || !/^\d{1,3}$/.test(input.days) || Number(input.days) < 1 || Number(input.days) > 366)) {
    return { problem: input.since !== undefined ? 'give days or since, not both' : `days must be a whole number from 1 to 366, got ${JSON.stringify(input.days)}` };
  }
  const until = input.until ?? today.toISOString().slice(0, 10);
  const start = new Date(`${until}T00:00:00Z`);
  start.setUTCDate(start.getUTCDate() - (Number(input.days ?? 30) - 1));
  const since = input.since ?? start.toISOString().slice(0, 10);
  if (since > until) return { problem: `since (${since}) is after until (${until})` };
  const span = (Date.parse(`${until}T00:00:00Z`) - Date.parse(`${since}T00:00:00Z`)) / 86_400_000 + 1;
  if (span > 366) return { problem: `the window is ${span} days; at most 366` };
  return { since, until };
}
