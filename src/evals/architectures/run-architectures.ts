import { performance } from 'node:perf_hooks';
import { ROLES_TABLE } from '../../agents/index.js';
import { openLangGraphRuntime } from '../../runtimes/langgraph/index.js';
import type { ArchitectureTask } from './architecture-tasks.js';
import { ARCHITECTURE_TASKS } from './architecture-tasks.js';
import { MeteredPlanner } from './metered-planner.js';
import { openSingleAgent, SINGLE_AGENT_ROLES } from './single-agent.js';
import { untrustedExposure } from './untrusted-exposure.js';

type ArchitectureId = 'A' | 'B' | 'C';

interface ArchitectureRow {
  architecture: ArchitectureId;
  label: string;
  correct: number;
  tasks: number;
  model_calls: number;
  prompt_tokens: number;
  completion_tokens: number;
  total_tokens: number;
  wall_ms: number;
  peak_context_tokens: number;
  delegations: number;
  cancellations: number;
  untrusted_reader_reaches_cancel: boolean;
  exposure: string;
  /** Tasks answered wrongly, with the facts their answer lacked. */
  misses: Array<{ task: string; missing: string[] }>;
}

export interface ArchitecturesReport {
  latency_ms: number;
  rows: ArchitectureRow[];
  /** Wall time of B over C: above 1 when parallel fan-out is faster than sequential delegation. */
  speedup_c_over_b: number;
}

const LABELS: Record<ArchitectureId, string> = {
  A: 'one agent, all tools',
  B: 'supervisor, sequential delegation',
  C: 'supervisor, parallel fan-out',
};

interface Answer {
  answer: string;
  delegations: number;
  finished: boolean;
}

function missing(task: ArchitectureTask, answer: Answer): string[] {
  const absent = task.expect.filter((fact) => !answer.answer.includes(fact));
  return answer.finished ? absent : [...absent, '(the run did not finish)'];
}

async function measure(architecture: ArchitectureId, model: MeteredPlanner, tasks: readonly ArchitectureTask[], ask: (input: string) => Promise<Answer>, cancellations: () => Promise<number>) {
  model.reset();
  const before = await cancellations();
  const misses: ArchitectureRow['misses'] = [];
  let delegations = 0;
  const started = performance.now();
  for (const task of tasks) {
    const answer = await ask(task.input);
    delegations += answer.delegations;
    const absent = missing(task, answer);
    if (absent.length > 0) misses.push({ task: task.id, missing: absent });
  }
  const wall = performance.now() - started;
  const exposure = untrustedExposure(architecture === 'A' ? SINGLE_AGENT_ROLES : ROLES_TABLE);
  return {
    architecture,
    label: LABELS[architecture],
    correct: tasks.length - misses.length,
    tasks: tasks.length,
    model_calls: model.calls,
    prompt_tokens: model.promptTokens,
    completion_tokens: model.completionTokens,
    total_tokens: model.promptTokens + model.completionTokens,
    wall_ms: Math.round(wall),
    peak_context_tokens: model.peakContextTokens,
    delegations,
    cancellations: (await cancellations()) - before,
    untrusted_reader_reaches_cancel: exposure.reaches,
    exposure: exposure.detail,
    misses,
  } satisfies ArchitectureRow;
}

/**
 * Experiment A/B/C (seed 003 §5): the same tasks as one agent with all tools (A), a supervisor that
 * delegates one sub-task at a time (B), and one that fans out in parallel (C), with the offline
 * planner behind an emulated per-call latency. Every architecture has the same policy layer and the
 * same meter; each runs on its own fresh in-memory database.
 */
export async function runArchitecturesExperiment(options: { latencyMs: number; tasks?: readonly ArchitectureTask[] }): Promise<ArchitecturesReport> {
  const tasks = options.tasks ?? ARCHITECTURE_TASKS;
  const rows: ArchitectureRow[] = [];
  // Loading the libraries and the tokenizer costs a second or more: paid here, not by whichever goes first.
  const warm = await openSingleAgent(new MeteredPlanner(0));
  try {
    if (tasks[0]) await warm.ask(tasks[0].input);
  } finally {
    await warm.close();
  }

  const single = new MeteredPlanner(options.latencyMs);
  const a = await openSingleAgent(single);
  try {
    rows.push(await measure('A', single, tasks, async (input) => ({ ...(await a.ask(input)), delegations: 0, finished: true }), () => a.domain.countCancellations()));
  } finally {
    await a.close();
  }

  for (const [id, delegation] of [['B', 'sequential'], ['C', 'parallel']] as const) {
    const model = new MeteredPlanner(options.latencyMs);
    const opened = await openLangGraphRuntime({ dbPath: ':memory:', model, delegation });
    try {
      const ask = async (input: string): Promise<Answer> => {
        const record = await opened.runtime.ask({ input });
        return { answer: record.answer, delegations: record.subtasks?.length ?? 0, finished: record.stop_reason === 'finish' && record.incomplete !== true };
      };
      rows.push(await measure(id, model, tasks, ask, () => opened.domain.countCancellations()));
    } finally {
      await opened.close();
    }
  }
  const wall = (id: ArchitectureId) => rows.find((row) => row.architecture === id)?.wall_ms ?? 0;
  return { latency_ms: options.latencyMs, rows, speedup_c_over_b: wall('C') > 0 ? Math.round((wall('B') / wall('C')) * 100) / 100 : 0 };
}
