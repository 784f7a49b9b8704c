import type { NewRunIntent, RunIntent, RunRecord, RunStore } from '../../telemetry/index.js';
import { DecisionError } from './decision-error.js';

/** What admitThread decided: a run that already ran under the request's id, or whether `begin`'s intent was written. */
export interface ThreadAdmitted {
  earlier: RunRecord | undefined;
  began: boolean;
}

/**
 * Whether a thread may take a new run of `tenant`, decided before any model call: the thread is
 * claimed for the tenant of its first run (atomically, in the run store), so another tenant's run on
 * it is refused as an unknown thread (`unknown_thread`: CLI exit 2, HTTP 404) whether or not a run is
 * in flight. A request whose `runId` already ran on the thread gets that record back (a retried
 * request runs once). `settle` then finishes runs a dead process left on the thread (or throws
 * `thread_busy` for a live one), and a thread that waits on an approval takes no new message
 * (`thread_awaiting_approval`: exit 2, HTTP 409), since a new run would leave the pending call behind.
 * `begin`: the new run's intent, written with the claim where the store can and every check above
 * passes in its snapshot (`began`); otherwise the caller writes it (beginIntent) after this returns.
 */
export async function admitThread(runs: RunStore, threadId: string, tenant: string, options: { runId?: string | undefined; settle?: (known?: RunIntent[]) => Promise<RunRecord[]>; begin?: NewRunIntent | undefined } = {}): Promise<ThreadAdmitted> {
  // Where the store can, the claim, the thread's runs in flight and its latest run are one round trip
  // from one snapshot: a run's record and the end of its intent commit together, and a decision with
  // its intent to resume, so that snapshot shows a run in flight or its end, never neither.
  const read = options.begin && runs.claimThreadAndBegin ? await runs.claimThreadAndBegin(threadId, tenant, options.begin) : await runs.claimThreadAndRead?.(threadId, tenant);
  // Begun: the statement found the thread the tenant's, no run in flight, none awaiting approval and
  // no run with the id, so every check below would have passed.
  if (read && 'began' in read && read.began) return { earlier: undefined, began: true };
  const owner = read?.owner ?? (await runs.claimThread(threadId, tenant));
  if (owner !== tenant) throw new DecisionError('unknown_thread', `no thread ${threadId}`);
  const done = options.runId === undefined ? undefined : await runs.getRun(options.runId);
  if (done) {
    if (done.thread_id !== threadId || done.tenant !== tenant) throw new DecisionError('thread_busy', `run id ${options.runId ?? ''} is already used; choose another`);
    return { earlier: done, began: false };
  }
  const finished = (await options.settle?.(read?.intents)) ?? [];
  const mine = finished.find((record) => record.run_id === options.runId);
  if (mine) return { earlier: mine, began: false };
  // Runs settled just now wrote records after that snapshot: then the latest run is read again.
  await refusePausedThread(runs, threadId, read && finished.length === 0 ? { latest: read.latest } : undefined);
  return { earlier: undefined, began: false };
}

/** Throws DecisionError `thread_awaiting_approval` naming the approval and how to decide it when `threadId` waits on one. */
async function refusePausedThread(runs: RunStore, threadId: string | undefined, known?: { latest: RunRecord | undefined }): Promise<void> {
  if (threadId === undefined) return;
  const latest = known ? known.latest : await runs.latestRunForThread(threadId);
  if (latest?.status !== 'awaiting_approval') return;
  const id = latest.pending?.approval_id;
  const target = id ? `--approval ${id}` : `--thread ${threadId}`;
  throw new DecisionError(
    'thread_awaiting_approval',
    `thread ${threadId} waits on approval ${id ?? latest.run_id} (${latest.pending?.tool ?? 'a call'} ${JSON.stringify(latest.pending?.args ?? {})}); decide it first: waybill approve ${target} or waybill reject ${target} --reason "..."`,
  );
}
