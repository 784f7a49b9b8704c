import type { IntentDecision, NewRunIntent, RunIntent, RunRecord, RunRuntime, RunStore, RunVariant } from '../../telemetry/index.js';
import { DecisionError } from './decision-error.js';
import type { RunLedger } from './run-ledger.js';
import { HeldLease, holderIsGone, leaseOwner } from './run-lease.js';

/** What the write-ahead of runs needs from a runtime (issue 17, docs/durability.md "Crashes"). */
export interface DurableRuns {
  runs: RunStore;
  runtime: RunRuntime;
  leaseMs: number;
  now: () => Date;
}

/** A run taken over from a process that is gone, and how it finishes: the runtime's own code. */
export type FinishIntent = (intent: RunIntent) => Promise<RunRecord>;

const leaseUntil = (durable: DurableRuns) => new Date(durable.now().getTime() + durable.leaseMs).toISOString();

/**
 * Records that `run` is in flight, before its first model call, and holds its lease while it runs.
 * A thread runs one run at a time: its runs in flight are read before (admitThread, settleThread) and a
 * second one on a thread with a run in flight is refused `thread_busy` (CLI exit 2, HTTP 409) instead of
 * joining it. The check is a read before the insert (run_intents is unique on run_id only), so two starts
 * on one thread in the same instant can both pass; on PostgreSQL one statement reads and inserts
 * (claimThreadAndBegin), which narrows that to starts on a thread that already has an owner.
 */
export async function beginAsk(durable: DurableRuns, run: RunLedger, input: string): Promise<void> {
  const began = await durable.runs.beginIntent(askIntent(durable, run, input));
  if (!began) throw busy(run.init.threadId);
  holdLease(durable, run);
}

/** The intent of an `ask` run, its lease this process's (beginAsk writes it, or admitThread with the thread's claim). */
export function askIntent(durable: DurableRuns, run: RunLedger, input: string): NewRunIntent {
  const { runId, threadId, tenant, requestId, variant } = run.init;
  return { runId, threadId, tenant, requestId, ...(variant && { variant }), runtime: durable.runtime, kind: 'ask', input, startedAt: run.started.toISOString(), owner: leaseOwner(), leaseUntil: leaseUntil(durable) };
}

/**
 * The intent to resume a paused run with a decision, written with the decision's claim. A deferred one
 * (`decide` with `defer`: a worker resumes it) is written with its lease already lapsed, so any
 * recoverer may take it at once.
 */
export function resumeIntent(durable: DurableRuns, fields: { runId: string; threadId: string; tenant: string; requestId: string; input: string; pausedRunId: string; decision: IntentDecision; variant?: RunVariant }, options: { deferred?: boolean } = {}): NewRunIntent {
  const now = durable.now().toISOString();
  return { ...fields, runtime: durable.runtime, kind: 'resume', startedAt: now, owner: leaseOwner(), leaseUntil: options.deferred ? now : leaseUntil(durable) };
}

/**
 * Renews the lease of `run`'s intent until the run is finished (finishRun stops it). `attempts`: the
 * intent's count as this process holds it (1 when it began the run or claimed its decision).
 */
export function holdLease(durable: DurableRuns, run: RunLedger, attempts = 1): void {
  run.lease = new HeldLease(durable.runs, run.init.runId, durable.leaseMs, durable.now, attempts);
}

/**
 * Finishes, oldest first, the runs in flight on `threadId` whose holder is gone (a killed `ask`, a
 * killed `approve`): each is taken over atomically (of two recoverers exactly one gets it) and run to
 * its end by `finish`, with its decision, audit events and record. A run whose holder is alive makes
 * the thread busy: DecisionError `thread_busy`, or `already_decided` when it is a decision being applied.
 * Returns the records of the runs it finished.
 */
export async function settleThread(durable: DurableRuns, threadId: string, finish: FinishIntent, known?: readonly RunIntent[]): Promise<RunRecord[]> {
  const records: RunRecord[] = [];
  // `known`: the thread's intents as the caller just read them (with its claim, admitThread).
  for (const intent of known ?? (await durable.runs.listIntents(threadId))) {
    if (intent.runtime !== durable.runtime) throw new DecisionError('thread_busy', `thread ${threadId} has a ${intent.runtime} run in flight; waybill resume --thread ${threadId} opens that runtime and finishes it`);
    if (!holderIsGone(intent, durable.now())) throw busyWith(intent);
    const taken = await durable.runs.takeIntent(intent.runId, { seen: { owner: intent.owner, leaseUntil: intent.leaseUntil }, next: { owner: leaseOwner(), leaseUntil: leaseUntil(durable) } });
    if (!taken) throw busyWith(intent);
    records.push(await finish(taken));
  }
  return records;
}

function busyWith(intent: RunIntent): DecisionError {
  if (intent.kind === 'resume') return new DecisionError('already_decided', `thread ${intent.threadId}: the decision (${intent.decision?.type ?? 'decision'} by ${intent.decision?.by ?? 'an operator'}) is being applied by another process`);
  return busy(intent.threadId);
}

function busy(threadId: string): DecisionError {
  return new DecisionError('thread_busy', `thread ${threadId} has a run in flight; send the next message when it has finished or paused`);
}

/** After this many processes died running one run, recovery stops it `interrupted` instead of running it again. */
export const MAX_RUN_ATTEMPTS = 3;

/**
 * Marks a ledger as a run taken over from a process that is gone (a `run.recovered` event naming the
 * attempt); a run that already took down MAX_RUN_ATTEMPTS processes is stopped `interrupted` rather
 * than tried again, so one poisonous request cannot crash every start-up. A run whose irreversible call
 * the domain already holds done (`effectId`, read before this) is not: it has an effect, and its record
 * says so whatever the attempt count (issue 32).
 */
export function recoveredRun(run: RunLedger, intent: RunIntent, effectId?: string): RunLedger {
  const effect = effectId === undefined ? '' : `; the domain already holds its effect (${effectId})`;
  run.audit({ agent: 'supervisor', type: 'run.recovered', status: 'info', detail: `${intent.kind} taken over after the process running it stopped (attempt ${intent.attempts} of ${MAX_RUN_ATTEMPTS})${effect}` });
  if (intent.attempts > MAX_RUN_ATTEMPTS && effectId === undefined) run.stop('interrupted', `the processes running it stopped ${intent.attempts - 1} times`);
  return run;
}
