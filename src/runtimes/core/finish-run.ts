import { missingPartsNote } from '../../fleet/index.js';
import type { DelegationContract } from '../../agents/index.js';
import type { ControlStore, StopReason } from '../../policy/index.js';
import { guardedTool, isStopReason, redactPii, USER_BLOCK_MESSAGE } from '../../policy/index.js';
import type { AuditEvent, RunApproval, RunPending, RunRecord, RunStore } from '../../telemetry/index.js';
import { stampAuditEvents, statusForStopReason } from '../../telemetry/index.js';
import type { HeldWrites } from './framework-port.js';
import { checkFinalAnswer } from './check-final-answer.js';
import { fileApproval } from './file-approval.js';
import { modelFailureOfText } from './model-failure.js';
import { factKind, partReason } from './part-reason.js';
import { pendingAnswer, rejectionAnswer } from './pending-answer.js';
import type { ReplyLanguage } from './reply-language.js';
import type { RunLedger } from './run-ledger.js';
import type { RunObserver } from './runtime.js';
import { runTreeSpend } from './run-tree-spend.js';
import { saveFinishedRun } from './save-finished-run.js';
import { stopMessage } from './stop-message.js';

/** How the framework left the run: the model's last text, and the call it paused on, if it paused. */
export interface RunOutcome {
  modelText: string;
  pending?: RunPending;
  approval?: RunApproval;
}

export interface FinishDeps {
  runs: RunStore;
  controls: ControlStore;
  onRunFinished?: RunObserver | undefined;
  /** The framework's writes held back for the record (its end-of-run checkpoint). */
  held?: HeldWrites;
}

// d2 before d10: sub-tasks in the order they were delegated, not the order they ended.
const byTaskId = (a: { task_id: string }, b: { task_id: string }) => Number(a.task_id.slice(1)) - Number(b.task_id.slice(1)) || a.task_id.localeCompare(b.task_id);

/**
 * The one end of every run of every runtime: the stop reason (the first one recorded wins; a run whose
 * every sub-task failed, other than by the domain's own answer such as not found, or that produced no
 * answer, is not `finished`), the answer (pending, stop and
 * block messages, the missing-parts note, the notes of refused irreversible calls, PII redaction), the
 * run record with usage, its audit events, the tenant's daily usage and the observer.
 */
export async function finishRun(run: RunLedger, outcome: RunOutcome, deps: FinishDeps): Promise<RunRecord> {
  let record: RunRecord;
  try {
    record = await finishHeldRun(run, outcome, deps);
  } catch (error) {
    // Not saved: the intent stays for recovery, its lease lapsed now (this process no longer runs it). A
    // run another process took over (`lease_lost`) is not this holding's any more: nothing lapses.
    await run.lease?.end();
    throw error;
  }
  // Saved: the intent went with the record; nothing of ours to renew.
  run.lease?.stop();
  return record;
}

async function finishHeldRun(run: RunLedger, outcome: RunOutcome, deps: FinishDeps): Promise<RunRecord> {
  const { init } = run;
  const language = run.language;
  // The approval is filed at the boundary before the record says "awaiting": a pause always has one.
  const filed = outcome.pending && !run.stopped ? await fileApproval(run, outcome.pending) : undefined;
  const stop = run.stopped;
  const pending = stop ? undefined : filed;
  const subtasks = [...run.subtasks].sort(byTaskId);
  // A part the domain refused (not found, over a limit) or whose call an operator rejected is answered.
  const rejected = run.toolCalls.filter((call) => call.status === 'rejected');
  const unanswered = subtasks.filter((task) => task.status === 'failed' && !run.refusedByDomain.has(task.task_id) && !rejected.some((call) => call.agent === task.agent));
  let reason: StopReason = stop?.reason ?? (pending ? 'awaiting_approval' : run.notUnderstood ? 'not_understood' : 'finish');
  let detail = stop?.detail ?? '';
  let text = outcome.modelText.trim();
  const allFailed = reason === 'finish' && subtasks.length > 0 && unanswered.length === subtasks.length;
  if (allFailed) {
    // Nothing asked for was done: the run says why instead of reading as a success.
    reason = allFailedReason(unanswered);
    detail = unanswered.map((task) => `${task.agent}: ${task.reason ?? task.gaps[0] ?? 'failed'}`).join('; ');
  } else if (reason === 'finish' && !text) {
    // The model's last reply was empty: the verified parts are the answer when they cover the request.
    const verified = verifiedParts(run, subtasks);
    if (verified !== undefined && unanswered.length === 0) text = verified;
    else {
      reason = 'model_error';
      detail = 'the model returned an empty answer';
    }
  }
  let answer: string;
  if (reason === 'input_blocked') answer = blockMessage(language);
  else if (pending) answer = pendingAnswer(pending, language);
  else if (reason === 'approval_rejected') answer = [outcome.approval ? rejectionAnswer(outcome.approval, rejected[0]?.tool, language) : stopMessage(reason, detail, language), ...answeredParts(run, subtasks)].join('\n\n');
  else if (reason === 'not_understood') answer = text || stopMessage(reason, detail, language);
  else if (allFailed) answer = unanswered.some((task) => (task.reason ?? '').startsWith('worker error:')) ? stopMessage(reason, '', language) : '';
  else if (reason !== 'finish') answer = [stopMessage(reason, detail, language), ...answeredParts(run, subtasks)].join('\n\n');
  else answer = text;
  // The final answer checked against every tool result: one that asserts what no tool returned is
  // replaced by the verified sub-task answers, with a line naming what kind of fact was left out (never
  // the wrong value itself).
  const finalCheck = reason === 'finish' ? checkFinalAnswer(run, answer) : undefined;
  if (finalCheck?.replacement !== undefined) {
    const kinds = [...new Set(finalCheck.report.unverified.map((claim) => factKind(claim.kind, language)))].join(', ');
    answer = [finalCheck.replacement, replacedNote(kinds, language)].filter(Boolean).join('\n\n');
    run.audit({ agent: 'supervisor', type: 'proof.check', status: 'error', detail: JSON.stringify({ final: true, findings: finalCheck.report.findings }).slice(0, 2000) });
  }
  const replacedShort = finalCheck?.replacement !== undefined && subtasks.some((task) => task.status === 'ok' && !run.verifiedAnswers.has(task.task_id));
  const incomplete = reason === 'finish' && (unanswered.length > 0 || replacedShort);
  // Whatever ended the run, an answer that lacks parts says which and why (a pause or a block has no
  // parts yet); a part whose own stop ended the run is already said by the stop message.
  const missing = unanswered.filter((task) => allFailed || reason === 'finish' || task.reason !== reason);
  if (missing.length > 0 && !pending && reason !== 'input_blocked') {
    const verification = (task: DelegationContract) => run.verifications.get(task.task_id);
    answer = [answer, missingPartsNote(missing, subtasks.length, language, (task) => lowerFirst(partReason(task, verification(task), language)))].filter(Boolean).join('\n\n');
  }
  if (run.notes.length > 0) answer = [answer, ...run.notes].filter(Boolean).join('\n\n');
  const redaction = redactPii(answer);
  if (redaction.total > 0) run.audit({ agent: 'supervisor', type: 'pii.redacted', status: 'info', detail: JSON.stringify(redaction.counts) });
  if (pending) run.toolCalls.push({ ...pending, status: 'pending', duration_ms: 0 });
  const totals = init.usage.totals();
  const tree = runTreeSpend(run, pending !== undefined);
  const finished = init.now();
  const record: RunRecord = {
    run_id: init.runId,
    request_id: init.requestId,
    tenant: init.tenant,
    thread_id: init.threadId,
    runtime: init.runtime,
    status: statusForStopReason(reason),
    stop_reason: reason,
    answer: redaction.text,
    steps: run.steps,
    tool_calls: run.toolCalls,
    usage: { prompt_tokens: totals.promptTokens, completion_tokens: totals.completionTokens, usd: totals.usd },
    started_at: run.started.toISOString(),
    duration_ms: Math.max(0, finished.getTime() - run.started.getTime()),
    ...(pending && { pending }),
    ...(incomplete && { incomplete: true }),
    ...(subtasks.length > 0 && {
      subtasks: subtasks.map(({ task_id, agent, request, status, confidence, reason: why, gaps, flags }) => {
        const verification = run.verifications.get(task_id);
        return { task_id, agent, request, status, confidence, gaps, flags, ...(why !== undefined && { reason: why }), ...(verification && { verification }) };
      }),
    }),
    ...(finalCheck && { final_check: { claims: finalCheck.report.claims, unverified: finalCheck.report.unverified, replaced: finalCheck.replacement !== undefined } }),
    ...(outcome.approval && { approval: outcome.approval }),
    ...(init.variant && { variant: init.variant }),
    ...(tree && { run_tree: tree }),
  };
  run.audit({ agent: 'supervisor', type: 'run.end', status: record.status === 'stopped' ? 'error' : 'ok', detail: reason });
  const events: AuditEvent[] = stampAuditEvents(run.events, record, init.now);
  await saveFinishedRun(run, record, events, deps);
  try {
    await deps.onRunFinished?.(record, events);
  } catch {
    // An observer's failure is the observer's: the run is already stored and its outcome stands.
  }
  return record;
}

/**
 * Why a run none of whose sub-tasks succeeded stopped: the first sub-task's own stop (a breaker, a
 * timeout), else `tool_error_exhausted:<tool>` for the first tool that failed or was refused, else a
 * worker's failed model call as `model_unavailable` (unreachable, 5xx, 429) or `model_error`, else
 * `model_error` (a worker said nothing, stated no fact from its tools, or stated one they contradict).
 */
function allFailedReason(failed: readonly DelegationContract[]): StopReason {
  const own = failed.map((task) => task.reason).find((why): why is StopReason => why !== undefined && isStopReason(why));
  if (own) return own;
  const tool = failed.flatMap((task) => task.gaps).map((gap) => /^([a-z_]+) (?:failed|refused): /.exec(gap)?.[1]).find((name) => name !== undefined && guardedTool(name) !== undefined);
  if (tool) return `tool_error_exhausted:${tool}`;
  const thrown = failed.map((task) => /^worker error: (.*)$/su.exec(task.reason ?? '')?.[1]).find((error) => error !== undefined);
  return thrown === undefined ? 'model_error' : modelFailureOfText(thrown);
}

const lowerFirst = (text: string): string => (text.length > 0 ? text.charAt(0).toLocaleLowerCase() + text.slice(1) : text);

// The sub-tasks' verified answers in delegation order, when every part that succeeded has one.
function verifiedParts(run: RunLedger, subtasks: readonly DelegationContract[]): string | undefined {
  const ok = subtasks.filter((task) => task.status === 'ok');
  const texts = ok.map((task) => run.verifiedAnswers.get(task.task_id) ?? (run.init.proof.enabled ? undefined : task.result.trim() || undefined));
  if (ok.length === 0 || texts.some((t) => t === undefined)) return undefined;
  return texts.join('\n\n');
}

// What the parts that did succeed established, for a run stopped by something else: given, not lost.
function answeredParts(run: RunLedger, subtasks: readonly DelegationContract[]): string[] {
  return subtasks
    .filter((task) => task.status === 'ok')
    .map((task) => run.verifiedAnswers.get(task.task_id) ?? (run.init.proof.enabled ? '' : task.result.trim()))
    .filter((text) => text !== '');
}

function replacedNote(kinds: string, language: ReplyLanguage): string {
  return {
    uk: `Частину відповіді вилучено, бо її не підтвердили результати інструментів (${kinds}); наведено перевірені дані.`,
    en: `Part of the answer was left out because the tool results did not confirm it (${kinds}); the verified data is given instead.`,
    ru: `Часть ответа удалена, так как её не подтвердили результаты инструментов (${kinds}); приведены проверенные данные.`,
  }[language];
}

// The input guard's refusal in the request's language: its own text carries Ukrainian / English.
function blockMessage(language: ReplyLanguage): string {
  const [uk = USER_BLOCK_MESSAGE, en = USER_BLOCK_MESSAGE] = USER_BLOCK_MESSAGE.split(' / ');
  return { uk, en, ru: 'Запрос отклонён политикой безопасности. Пожалуйста, сформулируйте его иначе.' }[language];
}
