import type { AskRequest, Runtime } from '../../runtimes/index.js';
import { holderIsGone } from '../../runtimes/index.js';
import type { RunRecord, RunStore } from '../../telemetry/index.js';
import type { ProtocolRunner } from './drive-protocol-run.js';
import { driveProtocolRun, failProtocolRun, finishProtocolRun } from './drive-protocol-run.js';
import type { ProtocolMessage, ProtocolValues } from './protocol-values.js';

type JobRuntime = Pick<Runtime, 'name' | 'ask' | 'recover' | 'runs'>;

/** True when the protocol run asks a question (its starting values end with its own question), false for a resume. */
async function asksQuestion(runner: ProtocolRunner, runId: string): Promise<boolean> {
  const first = (await runner.store.listEvents(runId, 0, 5)).find((e) => e.event === 'values');
  const messages = ((first?.data as ProtocolValues | undefined)?.messages as ProtocolMessage[] | undefined) ?? [];
  return messages.at(-1)?.id === `${runId}-human`;
}

/**
 * The runtime as a queue worker (or a recovery sweep) runs it, streaming the Agent Protocol runs it
 * executes: a run job whose run id is a protocol run's, and the resume of a thread whose protocol run
 * waits for it, are driven as that run (`driveProtocolRun`: each step stored as events, the end stored
 * as the thread's next state). Every other job runs as before.
 */
export function protocolJobRuntime(runtime: JobRuntime, runner: ProtocolRunner): JobRuntime {
  const { store } = runner;
  return {
    name: runtime.name,
    runs: runtime.runs,
    async ask(request: AskRequest): Promise<RunRecord> {
      const run = request.runId === undefined ? undefined : await store.runRequest(request.runId);
      if (!run || run.ended_at !== null || run.thread_id !== request.threadId) return runtime.ask(request);
      return driveProtocolRun(runner, { runId: run.run_id, threadId: run.thread_id }, () => runtime.ask(request));
    },
    async recover(threadId: string): Promise<RunRecord[]> {
      const run = await store.activeRun(threadId);
      if (!run || (await asksQuestion(runner, run.run_id))) return runtime.recover(threadId);
      let finished: RunRecord[] = [];
      await driveProtocolRun(runner, { runId: run.run_id, threadId }, async () => {
        finished = await runtime.recover(threadId);
        // Already resumed by another recoverer: its record is the thread's latest run.
        const record = finished.at(-1) ?? (await runtime.runs.latestRunForThread(threadId));
        if (!record) throw new Error(`thread ${threadId} has no run to resume`);
        return record;
      });
      return finished;
    },
  };
}

/**
 * Ends protocol runs whose process stopped mid-run (not stamped alive for `staleMs`): from the kernel's
 * record when the run's question was answered meanwhile (a retried job finds its run already recorded),
 * otherwise as failed (`error` event `run_abandoned`: the thread reads `error` and takes new runs again),
 * unless the kernel run is in flight under a live lease (another process took it over): then later.
 * A queued resume whose serve stopped before the decision was claimed (the thread still waits for it)
 * is ended the same way; a queued question, stored with its job in one transaction, waits for a worker.
 * Returns how many it ended.
 */
export async function endAbandonedProtocolRuns(runner: ProtocolRunner, runs: Pick<RunStore, 'getRun' | 'latestRunForThread' | 'listIntents'>, staleMs: number, now: () => Date = () => new Date()): Promise<number> {
  const stale = await runner.store.staleRuns(new Date(now().getTime() - staleMs).toISOString());
  let ended = 0;
  for (const run of stale) {
    const ref = { runId: run.run_id, threadId: run.thread_id };
    if (run.heartbeat_at === null) {
      if ((await runs.latestRunForThread(run.thread_id))?.status !== 'awaiting_approval' || (await asksQuestion(runner, run.run_id))) continue;
      await failProtocolRun(runner.store, ref, Object.assign(new Error(`the process that took run ${run.run_id} stopped before its decision was recorded: resume the thread again`), { code: 'run_abandoned' }));
    } else {
      // An open run is recorded by the kernel under its own id (only ended runs have a legacy one).
      const record = await runs.getRun(run.run_id);
      if (record && record.status !== 'decided') await finishProtocolRun(runner.store, ref, record);
      // Taken over by a live process (its driver held the kernel run past its lease): that process's record ends it at a later sweep.
      else if (!record && (await runs.listIntents(run.thread_id)).some((intent) => intent.runId === run.run_id && !holderIsGone(intent, now()))) continue;
      else await failProtocolRun(runner.store, ref, Object.assign(new Error(`the process running run ${run.run_id} stopped before it ended`), { code: 'run_abandoned' }));
    }
    runner.live.wake(run.run_id);
    ended += 1;
  }
  return ended;
}
