import { fileURLToPath } from 'node:url';
import { costOf } from '../../policy/index.js';
import type { CompareRequest } from './compare-requests.js';
import { COMPARE_REQUESTS, isCorrect } from './compare-requests.js';
import { countCodeLines } from './count-code-lines.js';
import { serveCountingOracle } from './counting-oracle.js';
import type { OracleCounts } from './counting-oracle.js';
import { openRuntime, RUNTIME_NAMES } from '../../runtimes/index.js';
import type { RuntimeName } from '../../runtimes/index.js';

/** Version of the comparison report. Changelog: 1 — first version. */
const COMPARISON_VERSION = 1;

/** The model every agent names, so the oracle's tokens are priced at its rates. */
const COMPARISON_MODEL = 'gpt-4.1';

interface RequestResult {
  id: string;
  correct: boolean;
  stop_reason: string;
  model_calls: number;
  prompt_tokens: number;
  completion_tokens: number;
  wall_ms: number;
}

export interface RuntimeResult {
  runtime: RuntimeName;
  requests: number;
  correct: number;
  model_calls: number;
  prompt_tokens: number;
  completion_tokens: number;
  total_tokens: number;
  usd: number;
  wall_ms: number;
  /** Non-blank, non-comment lines: the runtime's folder, and its one agent-assembly file. Null without sources. */
  loc: { runtime: number | null; assembly: number | null };
  /** Total tokens over those of the cheapest runtime. */
  token_ratio: number;
  per_request: RequestResult[];
}

export interface ComparisonReport {
  version: typeof COMPARISON_VERSION;
  model: string;
  latency_ms: number;
  requests: Array<{ id: string; input: string }>;
  runtimes: RuntimeResult[];
}

// The file where each runtime puts its agents together (the seed's "build_*" count).
const ASSEMBLY_FILE: Record<RuntimeName, string> = { langgraph: 'build-agents.ts', 'openai-agents': 'build-manager.ts', adk: 'build-workflow.ts' };

// Compiled to dist/evals/compare/ or run from src/evals/compare/: the sources are at the same depth.
// A runtime's lines are its adapter folder's; the kernel (runtimes/core/) is shared by all three and not counted.
const RUNTIMES_SOURCE = fileURLToPath(new URL('../../../src/runtimes/', import.meta.url));

const diff = (after: OracleCounts, before: OracleCounts): OracleCounts => ({
  calls: after.calls - before.calls,
  promptTokens: after.promptTokens - before.promptTokens,
  completionTokens: after.completionTokens - before.completionTokens,
});

/**
 * Runs the fixed requests through every runtime against one oracle on loopback (the offline planner
 * behind chat completions, with `latencyMs` added to each completion) and measures what the oracle
 * served: model calls and tokens, priced at gpt-4.1 rates, plus wall time and lines of code. Each
 * runtime gets a fresh in-memory database and one uncounted warm-up request (module loading and the
 * first connections are not orchestration).
 */
export async function runComparison(options: { latencyMs?: number; runtimes?: readonly RuntimeName[]; requests?: readonly CompareRequest[] } = {}): Promise<ComparisonReport> {
  const { latencyMs = 0, runtimes = RUNTIME_NAMES, requests = COMPARE_REQUESTS } = options;
  const oracle = await serveCountingOracle({ latencyMs });
  const results: Array<Omit<RuntimeResult, 'token_ratio'>> = [];
  try {
    for (const name of runtimes) {
      const runtime = await openRuntime(name, { dbPath: ':memory:', knowledge: false, endpoint: { model: COMPARISON_MODEL, baseUrl: oracle.baseUrl } });
      try {
        if (requests[0]) await runtime.ask({ input: requests[0].input, threadId: 'warm-up' });
        const perRequest: RequestResult[] = [];
        for (const request of requests) {
          const before = oracle.counts();
          const started = performance.now();
          const record = await runtime.ask({ input: request.input, threadId: `compare-${name}-${request.id}` });
          const wall = performance.now() - started;
          const used = diff(oracle.counts(), before);
          perRequest.push({ id: request.id, correct: isCorrect(request, record), stop_reason: record.stop_reason, model_calls: used.calls, prompt_tokens: used.promptTokens, completion_tokens: used.completionTokens, wall_ms: Math.round(wall) });
        }
        results.push(summarise(name, perRequest));
      } finally {
        await runtime.close();
      }
    }
  } finally {
    await oracle.close();
  }
  const cheapest = Math.min(...results.map((r) => r.total_tokens).filter((t) => t > 0));
  return {
    version: COMPARISON_VERSION,
    model: COMPARISON_MODEL,
    latency_ms: latencyMs,
    requests: requests.map((r) => ({ id: r.id, input: r.input })),
    runtimes: results.map((r) => ({ ...r, token_ratio: Number.isFinite(cheapest) ? Math.round((r.total_tokens / cheapest) * 100) / 100 : 1 })),
  };
}

function runtimeLines(name: RuntimeName): number | null {
  return countCodeLines(`${RUNTIMES_SOURCE}${name}`) ?? null;
}

function summarise(name: RuntimeName, perRequest: RequestResult[]): Omit<RuntimeResult, 'token_ratio'> {
  const sum = (pick: (r: RequestResult) => number) => perRequest.reduce((total, r) => total + pick(r), 0);
  const prompt = sum((r) => r.prompt_tokens);
  const completion = sum((r) => r.completion_tokens);
  const folder = `${RUNTIMES_SOURCE}${name}`;
  return {
    runtime: name,
    requests: perRequest.length,
    correct: perRequest.filter((r) => r.correct).length,
    model_calls: sum((r) => r.model_calls),
    prompt_tokens: prompt,
    completion_tokens: completion,
    total_tokens: prompt + completion,
    usd: Math.round((costOf({ model: COMPARISON_MODEL, promptTokens: prompt, completionTokens: completion }) ?? 0) * 1e6) / 1e6,
    wall_ms: sum((r) => r.wall_ms),
    loc: { runtime: runtimeLines(name), assembly: countCodeLines(folder, { only: [ASSEMBLY_FILE[name]] }) ?? null },
    per_request: perRequest,
  };
}
