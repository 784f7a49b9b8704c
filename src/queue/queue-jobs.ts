import { z } from 'zod';
import type { RuntimeName } from '../runtimes/index.js';

/**
 * The LangGraph runtime's run queue, the name the only queue had before each runtime had its own (so
 * jobs queued then are still taken). Runs and resumes share their runtime's queue, so the per-thread
 * singleton covers both kinds.
 */
export const RUN_QUEUE = 'waybill-runs';

/**
 * The run queue of one runtime: `serve --queue --runtime R` queues there and only `worker --runtime R`
 * takes from it, so a job never runs on another runtime than the one that accepted it (a pause can
 * only be resumed by the runtime that made it). A job with no worker of its runtime waits, visible in
 * the queue's depth.
 */
export function runQueueFor(runtime: RuntimeName): string {
  return runtime === 'langgraph' ? RUN_QUEUE : `${RUN_QUEUE}-${runtime}`;
}
/** Where a job lands after its last retry failed; nothing reads it but operators and `/metrics`. */
export const DEAD_LETTER_QUEUE = 'waybill-runs-dead';

const id = z.string().trim().min(1).max(200);

/** A new request: the worker runs it as `ask` would, under the caller-chosen run id. */
export const RunJob = z.object({
  kind: z.literal('run'),
  runId: id,
  threadId: id,
  tenant: id,
  input: z.string().min(1).max(16_000),
  requestId: id.optional(),
  /** Who asked, for a staged rollout's arm (docs/rollout.md); absent in jobs queued before issue 37. */
  user: id.optional(),
  internal: z.boolean().optional(),
});
export type RunJob = z.infer<typeof RunJob>;

/**
 * A decided approval: the decision and the intent to resume are already recorded (`decide` with
 * `defer`); the worker finishes the thread's run from its checkpoint (`Runtime.recover`).
 */
export const ResumeJob = z.object({
  kind: z.literal('resume'),
  threadId: id,
  tenant: id,
  approvalId: id,
});
export type ResumeJob = z.infer<typeof ResumeJob>;

export const QueueJob = z.discriminatedUnion('kind', [RunJob, ResumeJob]);
export type QueueJob = z.infer<typeof QueueJob>;

/** The job's payload, or a message saying why it is not one (a job written by something else). */
export function safeParseQueueJob(data: unknown): { success: true; job: QueueJob } | { success: false; error: string } {
  const parsed = QueueJob.safeParse(data);
  return parsed.success ? { success: true, job: parsed.data } : { success: false, error: parsed.error.issues.map((i) => `${i.path.join('.') || 'job'}: ${i.message}`).join('; ') };
}
