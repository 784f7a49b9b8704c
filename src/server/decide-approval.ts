import { queueDecision } from '../queue/index.js';
import type { Decision, Runtime } from '../runtimes/index.js';
import { DecisionError } from '../runtimes/index.js';
import type { RunRecord } from '../telemetry/index.js';
import { ApiError } from './api-error.js';
import { findTenantRun } from './find-tenant-run.js';
import { invalidEdit } from './invalid-edit.js';
import { isStillPending } from './list-pending-approvals.js';
import type { ServerDeps } from './server-deps.js';

/**
 * Refuses, with 409 `runtime_mismatch`, a paused run another runtime than the served one paused (a CLI
 * `ask --runtime`, or a server since restarted on another runtime): only the runtime that paused a run
 * can resume it, and this process has only its own open.
 */
export function refuseOtherRuntime(served: Runtime, paused: RunRecord): void {
  if (paused.runtime === served.name) return;
  throw new ApiError(
    'runtime_mismatch',
    `approval ${paused.run_id} was paused by the ${paused.runtime} runtime and this server runs ${served.name}: decide it with waybill approve|reject --thread ${paused.thread_id} (it opens the runtime that paused it) or on a server started with --runtime ${paused.runtime}`,
  );
}

/** What a queued decision answers (202): the resume's job, its status, and the run it will record. */
interface QueuedResume {
  status: 'queued';
  job_id: string;
  /** The run the worker records (poll `GET /v1/runs/:run_id`; 404 until a worker has recorded it). */
  run_id: string | undefined;
  thread_id: string;
  /** The paused run the decision was on, now `decided`. */
  paused_run_id: string;
  decision: Decision['type'];
}

/** What a decision did: the resumed run (200), or, in queue mode, the queued resume (202). */
export type DecisionAnswer = { kind: 'run'; record: RunRecord } | { kind: 'queued'; resume: QueuedResume };

/**
 * Applies a decision to the paused run `approvalId` of `tenant`. Another tenant's (or no) approval is
 * 404; one already decided is 409 (the runtime's claim is atomic, so of two concurrent decisions exactly
 * one resumes the run), unless that decision was never applied (its process died): it is applied now
 * and its run returned. An invalid edit (or any edit on a runtime that takes none) is 422; a run another
 * runtime paused is 409 `runtime_mismatch`. The decision is journaled by the runtime. In queue mode the
 * answer is the queued resume, or the resumed run if a worker already recorded it.
 */
export async function decideApprovalAnswer(deps: ServerDeps, tenant: string, approvalId: string, decision: Decision, runId?: string): Promise<DecisionAnswer> {
  const paused = await findTenantRun(deps, tenant, approvalId).catch(() => {
    throw new ApiError('not_found', `no approval ${approvalId}`);
  });
  if (paused.status === 'decided' || paused.status === 'awaiting_approval') refuseOtherRuntime(deps.opened, paused);
  if (paused.status === 'decided') {
    // Decided but not applied (the deciding process died): the earlier decision is applied now, once.
    const finished = await deps.opened.recover(paused.thread_id).catch(() => []);
    const applied = finished.find((record) => record.approval !== undefined);
    if (applied) return { kind: 'run', record: applied };
    throw new ApiError('already_decided', `approval ${approvalId} was already decided`);
  }
  if (paused.status !== 'awaiting_approval') throw new ApiError('not_found', `no approval ${approvalId}`);
  if (!(await isStillPending(deps.opened, paused))) throw new ApiError('already_decided', `approval ${approvalId} was already decided`);
  try {
    if (deps.queue) {
      // Queued: the decision and the intent to resume are recorded here, a worker resumes the run.
      const queued = await queueDecision(deps.queue, deps.opened, { threadId: paused.thread_id, tenant, approvalId, decision, ...(runId !== undefined && { runId }) });
      const resumed = queued.resumeRunId === undefined ? undefined : await deps.opened.runs.getRun(queued.resumeRunId);
      if (resumed) return { kind: 'run', record: resumed };
      return { kind: 'queued', resume: { status: 'queued', job_id: queued.jobId, run_id: queued.resumeRunId, thread_id: paused.thread_id, paused_run_id: paused.run_id, decision: decision.type } };
    }
    return { kind: 'run', record: await deps.opened.decide(paused.thread_id, decision, runId === undefined ? {} : { runId }) };
  } catch (error) {
    if (!DecisionError.isInstance(error)) throw error;
    if (error.code === 'invalid_edit') throw invalidEdit(error.message, error.problems);
    if (error.code === 'unknown_thread') throw new ApiError('not_found', `no approval ${approvalId}`);
    // nothing_pending here means another decision got in between our check and the claim.
    throw new ApiError('already_decided', `approval ${approvalId} was already decided`);
  }
}

/**
 * `decideApprovalAnswer` for a caller that needs a run record (the Agent Protocol's resume, whose run id
 * the resumed run is recorded under): in queue mode, the paused run, now `decided`.
 */
export async function decideApproval(deps: ServerDeps, tenant: string, approvalId: string, decision: Decision, runId?: string): Promise<RunRecord> {
  const answer = await decideApprovalAnswer(deps, tenant, approvalId, decision, runId);
  if (answer.kind === 'run') return answer.record;
  const paused = await deps.opened.runs.getRun(answer.resume.paused_run_id);
  if (!paused) throw new ApiError('not_found', `no approval ${approvalId}`);
  return paused;
}
