/**
 * Version of the golden report JSON. Changelog: 1 — overall and per-task pass^1 / pass^k, usage, judge;
 * 2 — `unverified_facts` per task and overall (the proof loop's grade).
 */
export const GOLDEN_REPORT_VERSION = 2;

/** Judge scores are reported beside the state grade, never instead of it. */
export type JudgeSummary =
  | { status: 'absent'; reason: string }
  | { status: 'ran'; model: string; judged: number; errors: number; mean_relevancy: number | null; mean_groundedness: number | null };

export interface TaskJudgement {
  relevancy: number;
  groundedness: number;
  reasons: { relevancy: string; groundedness: string };
}

export interface GoldenTaskResult {
  id: string;
  lang: string;
  category: string;
  scope: string;
  request: string;
  /** False when the serving model cannot be expected to pass it (a `model` task on the offline planner). */
  in_scope: boolean;
  trials: number;
  passes: number;
  pass_1: number | null;
  pass_k: number | null;
  stop_reasons: string[];
  /** Distinct failure lines across trials. */
  failures: string[];
  /** Values the delivered answers asserted that no tool result held, summed over trials (the grade wants 0). */
  unverified_facts: number;
  usage: { prompt_tokens: number; completion_tokens: number; usd: number };
  judge?: TaskJudgement | { error: string };
}

export interface GoldenReport {
  kind: 'golden';
  version: typeof GOLDEN_REPORT_VERSION;
  generated_at: string;
  runtime: string;
  model: string;
  k: number;
  tasks_total: number;
  in_scope: number;
  out_of_scope: Array<{ id: string; reason: string }>;
  overall: { pass_1: number | null; pass_k: number | null; tasks_all_passed: number; tasks_any_failed: number; unverified_facts: number };
  by_category: Record<string, { tasks: number; pass_1: number | null; pass_k: number | null }>;
  by_lang: Record<string, { tasks: number; pass_1: number | null; pass_k: number | null }>;
  usage: { prompt_tokens: number; completion_tokens: number; usd: number; trials: number };
  duration_ms: number;
  judge: JudgeSummary;
  tasks: GoldenTaskResult[];
}
