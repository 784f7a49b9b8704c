import type { Context } from 'hono';
import { ApiError } from '../api-error.js';
import { roleAtLeast } from '../api-role.js';
import { refuseOtherRuntime } from '../decide-approval.js';
import { isStillPending } from '../list-pending-approvals.js';
import { MAX_INPUT_CHARS } from '../request-schemas.js';
import { RUNTIME_DECISIONS } from '../runtime-decisions.js';
import type { ServerDeps } from '../server-deps.js';
import type { ServerEnv } from '../server-env.js';
import type { RunBody } from './protocol-schemas.js';
import { inputText } from './protocol-values.js';
import { GRAPH_ID } from './protocol-views.js';
import { resumeDecision } from './resume-decision.js';
import type { RunWork } from './start-protocol-run.js';
import { startProtocolRun } from './start-protocol-run.js';
import { readThreadState } from './read-thread-state.js';

/** The assistant a run names: the served runtime by name, or the graph id. 404 for any other. */
export function checkAssistant(deps: ServerDeps, assistantId: string): string {
  const served = deps.opened.name;
  if (assistantId === served || assistantId === GRAPH_ID) return served;
  throw new ApiError('not_found', `no assistant ${assistantId}: this server runs the ${served} runtime (assistant "${served}"); start another with waybill serve --runtime NAME`);
}

/**
 * Starts a run on a thread the caller's tenant owns (the caller has checked): a question, or with
 * `command.resume` the decision on the thread's paused run, made as the caller's key (operator role,
 * checked by the route). 409 when the thread is busy, or waits for an approval and gets a question, or
 * gets a resume with nothing pending.
 */
export async function beginProtocolRun(c: Context<ServerEnv>, deps: ServerDeps, threadId: string, body: RunBody, streamModes: readonly string[]): Promise<{ runId: string; threadId: string }> {
  const assistantId = checkAssistant(deps, body.assistant_id);
  const principal = c.get('principal');
  const stored = await deps.protocol.getThread(threadId);
  if (!stored) throw new ApiError('not_found', `no thread ${threadId}`);
  const thread = await readThreadState(deps, stored);
  let work: RunWork;
  if (body.command) {
    if (body.command.resume === undefined) throw new ApiError('unsupported', 'command: only {"resume": ...} is supported (goto and update are not)');
    // The same name the /v1 approval route journals, so the audit trail says which key decided.
    const decision = resumeDecision(body.command.resume, `${principal.name} (${principal.keyId})`);
    const paused = await deps.opened.runs.latestRunForThread(threadId);
    if (!paused || paused.tenant !== principal.tenant || !(await isStillPending(deps.opened, paused))) {
      const never = RUNTIME_DECISIONS[deps.opened.name].length === 0 ? ` (the ${deps.opened.name} runtime never pauses for approval)` : '';
      throw new ApiError('nothing_pending', `thread ${threadId} is not waiting for an approval${never}`);
    }
    refuseOtherRuntime(deps.opened, paused);
    work = { kind: 'resume', pausedRunId: paused.run_id, decision };
  } else {
    const input = inputText(body.input);
    if (input.length > MAX_INPUT_CHARS) throw new ApiError('invalid_body', `input: at most ${MAX_INPUT_CHARS} characters`);
    if (thread.status === 'interrupted') throw new ApiError('thread_busy', `thread ${threadId} waits for an approval: resume it with Command({ resume: ... }) first`);
    work = { kind: 'ask', input };
  }
  if (thread.status === 'busy') throw new ApiError('thread_busy', `thread ${threadId} has a run in progress (one at a time)`);
  return await startProtocolRun(deps, { threadId, tenant: principal.tenant, requestId: c.get('requestId'), assistantId, metadata: body.metadata ?? {}, streamModes, work, messages: thread.values.messages, user: principal.keyId, internal: roleAtLeast(principal.role, 'admin') });
}
