import type { RunRecord } from '../telemetry/index.js';
import { domainSnapshot } from './domain-snapshot.js';
import type { EvalOpenOptions, EvalRuntime } from './eval-runtime.js';
import type { GoldenTask } from './golden-task.js';
import type { TrialGrade } from './grade-golden-trial.js';
import { gradeGoldenTrial, unverifiedFacts } from './grade-golden-trial.js';
import { toolEvidence } from './tool-evidence.js';

/** One trial of one task: the grade, what the runs did, and what they cost. */
export interface GoldenTrial extends TrialGrade {
  task_id: string;
  trial: number;
  stop_reason: string;
  answer: string;
  tool_calls: Array<{ agent: string; tool: string; status: string }>;
  usage: { prompt_tokens: number; completion_tokens: number; usd: number };
  duration_ms: number;
  /** Values in the delivered answers that no tool result holds (the proof loop's final check). */
  unverified_facts: number;
  /** What the tools returned, replayed for the judge; empty unless asked for. */
  evidence: string[];
}

/**
 * Runs one task once on a fresh session (its own in-memory database), applies the operator's decision
 * when the run pauses as the task expects, and grades the evidence. A crash is a failed trial, not a
 * crashed suite: the error is the failure line.
 */
export async function runGoldenTrial(runtime: EvalRuntime, task: GoldenTask, trial: number, open: EvalOpenOptions = {}, withEvidence = false): Promise<GoldenTrial> {
  const started = Date.now();
  const session = await runtime.open(open);
  const records: RunRecord[] = [];
  let grade: TrialGrade;
  let evidence: string[] = [];
  try {
    const before = await domainSnapshot(session.domain);
    const threadId = `golden-${task.id}-${trial}`;
    const first = await session.ask({ input: task.request, threadId, ...(task.tenant && { tenant: task.tenant }) });
    records.push(first);
    const approval = task.expect.approval;
    if (first.status === 'awaiting_approval' && approval) {
      const by = 'eval-operator';
      const d = approval.decision;
      records.push(await session.decide(threadId, d.type === 'approve' ? { type: 'approve', by } : d.type === 'edit' ? { type: 'edit', by, args: d.args } : { type: 'reject', by, reason: d.reason }));
    }
    grade = gradeGoldenTrial(task, { records, before, after: await domainSnapshot(session.domain) });
    if (withEvidence) evidence = await toolEvidence(session.domain, records);
  } catch (error) {
    grade = { passed: false, failures: [`the trial crashed: ${error instanceof Error ? error.message : String(error)}`] };
  } finally {
    await session.close();
  }
  const last = records.at(-1);
  return {
    task_id: task.id,
    trial,
    ...grade,
    stop_reason: last?.stop_reason ?? 'none',
    answer: last?.answer ?? '',
    tool_calls: records.flatMap((r) => r.tool_calls.map((c) => ({ agent: c.agent, tool: c.tool, status: c.status }))),
    usage: {
      prompt_tokens: sum(records, (r) => r.usage.prompt_tokens),
      completion_tokens: sum(records, (r) => r.usage.completion_tokens),
      usd: sum(records, (r) => r.usage.usd),
    },
    duration_ms: Date.now() - started,
    unverified_facts: unverifiedFacts(records),
    evidence,
  };
}

function sum<T>(items: readonly T[], of: (item: T) => number): number {
  return items.reduce((total, item) => total + of(item), 0);
}
