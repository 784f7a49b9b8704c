import type { EvalOpenOptions, EvalRuntime } from './eval-runtime.js';
import type { GoldenTask } from './golden-task.js';
import type { GoldenReport, GoldenTaskResult, JudgeSummary } from './golden-report.js';
import { GOLDEN_REPORT_VERSION } from './golden-report.js';
import type { AnswerJudge } from './answer-judge.js';
import { judgeTrial } from './answer-judge.js';
import { meanPassHatK, passHatK } from './pass-hat-k.js';
import type { GoldenTrial } from './run-golden-trial.js';
import { runGoldenTrial } from './run-golden-trial.js';

export interface GoldenSuiteOptions {
  runtime: EvalRuntime;
  tasks: readonly GoldenTask[];
  /** Trials per task (k of pass^k); at least 1. */
  trials: number;
  /** True when the offline planner serves: `model` tasks are then out of scope, not run. */
  offline: boolean;
  /** The model name for the report. */
  model: string;
  open?: EvalOpenOptions;
  /** A judge when a model is configured; otherwise `judgeAbsentReason` says why there is none. */
  judge?: AnswerJudge;
  judgeAbsentReason?: string;
  onProgress?: (done: number, total: number, label: string) => void;
  now?: () => Date;
}

/**
 * Runs every in-scope task `trials` times, each trial on a fresh session, and summarises pass^1 and
 * pass^k (tau-bench's unbiased estimator) per task, category, language and overall, with tokens and cost.
 */
export async function runGoldenSuite(options: GoldenSuiteOptions): Promise<GoldenReport> {
  const { runtime, tasks, trials: k, offline, onProgress } = options;
  if (!Number.isInteger(k) || k < 1) throw new RangeError(`trials must be a whole number of at least 1, got ${k}`);
  const now = options.now ?? (() => new Date());
  const started = Date.now();
  const inScope = tasks.filter((t) => !(offline && t.scope === 'model'));
  const total = inScope.length * k;
  let done = 0;
  const results: GoldenTaskResult[] = [];
  let judged = 0;
  let judgeErrors = 0;
  for (const task of tasks) {
    const runs: GoldenTrial[] = [];
    if (inScope.includes(task)) {
      for (let trial = 1; trial <= k; trial += 1) {
        runs.push(await runGoldenTrial(runtime, task, trial, { ...options.open, ...(offline && { offline: true }) }, options.judge !== undefined && trial === 1));
        done += 1;
        onProgress?.(done, total, task.id);
      }
    }
    const result = summariseTask(task, runs, k, inScope.includes(task));
    const firstRun = runs[0];
    if (options.judge && firstRun) {
      result.judge = await judgeTrial(options.judge, task.request, firstRun);
      if ('error' in result.judge) judgeErrors += 1;
      else judged += 1;
    }
    results.push(result);
  }
  const counted = results.filter((r) => r.in_scope);
  const group = (key: 'category' | 'lang') => {
    const groups: GoldenReport['by_category'] = {};
    for (const value of new Set(counted.map((r) => r[key]))) {
      const members = counted.filter((r) => r[key] === value).map((r) => ({ trials: r.trials, passes: r.passes }));
      groups[value] = { tasks: members.length, pass_1: meanPassHatK(members, 1), pass_k: meanPassHatK(members, k) };
    }
    return groups;
  };
  const all = counted.map((r) => ({ trials: r.trials, passes: r.passes }));
  return {
    kind: 'golden',
    version: GOLDEN_REPORT_VERSION,
    generated_at: now().toISOString(),
    runtime: runtime.name,
    model: options.model,
    k,
    tasks_total: tasks.length,
    in_scope: counted.length,
    out_of_scope: results.filter((r) => !r.in_scope).map((r) => ({ id: r.id, reason: 'needs a real model; the offline planner serves (configure WAYBILL_MODEL or OPENROUTER_API_KEY)' })),
    overall: {
      pass_1: meanPassHatK(all, 1),
      pass_k: meanPassHatK(all, k),
      tasks_all_passed: counted.filter((r) => r.passes === r.trials).length,
      tasks_any_failed: counted.filter((r) => r.passes < r.trials).length,
      unverified_facts: sumOf(counted, (r) => r.unverified_facts),
    },
    by_category: group('category'),
    by_lang: group('lang'),
    usage: {
      prompt_tokens: sumOf(counted, (r) => r.usage.prompt_tokens),
      completion_tokens: sumOf(counted, (r) => r.usage.completion_tokens),
      usd: sumOf(counted, (r) => r.usage.usd),
      trials: total,
    },
    duration_ms: Date.now() - started,
    judge: judgeSummary(options, judged, judgeErrors, results),
    tasks: results,
  };
}

function summariseTask(task: GoldenTask, runs: readonly GoldenTrial[], k: number, inScope: boolean): GoldenTaskResult {
  const passes = runs.filter((r) => r.passed).length;
  return {
    id: task.id,
    lang: task.lang,
    category: task.category,
    scope: task.scope,
    request: task.request,
    in_scope: inScope,
    trials: runs.length,
    passes,
    pass_1: runs.length > 0 ? passHatK(runs.length, passes, 1) : null,
    pass_k: runs.length >= k ? passHatK(runs.length, passes, k) : null,
    stop_reasons: [...new Set(runs.map((r) => r.stop_reason))],
    failures: [...new Set(runs.flatMap((r) => r.failures))],
    unverified_facts: sumOf(runs, (r) => r.unverified_facts),
    usage: {
      prompt_tokens: sumOf(runs, (r) => r.usage.prompt_tokens),
      completion_tokens: sumOf(runs, (r) => r.usage.completion_tokens),
      usd: sumOf(runs, (r) => r.usage.usd),
    },
  };
}

function judgeSummary(options: GoldenSuiteOptions, judged: number, errors: number, results: readonly GoldenTaskResult[]): JudgeSummary {
  if (!options.judge) return { status: 'absent', reason: options.judgeAbsentReason ?? 'no judge model configured' };
  const scores = results.flatMap((r) => (r.judge && !('error' in r.judge) ? [r.judge] : []));
  const mean = (of: (s: (typeof scores)[number]) => number) => (scores.length > 0 ? sumOf(scores, of) / scores.length : null);
  return { status: 'ran', model: options.judge.model, judged, errors, mean_relevancy: mean((s) => s.relevancy), mean_groundedness: mean((s) => s.groundedness) };
}

function sumOf<T>(items: readonly T[], of: (item: T) => number): number {
  return items.reduce((total, item) => total + of(item), 0);
}
