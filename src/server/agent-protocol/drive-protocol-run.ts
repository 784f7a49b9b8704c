import type { Logger } from '../../mcp/stderr-logger.js';
import { watchRun } from '../../runtimes/index.js';
import type { RunProgress } from '../../runtimes/index.js';
import type { RunRecord } from '../../telemetry/index.js';
import { RunStoreError } from '../../telemetry/index.js';
import type { LiveRuns } from './live-runs.js';
import { endEvents, progressEvents } from './protocol-run-events.js';
import type { RunEvent } from './protocol-run-events.js';
import type { ProtocolStore } from './protocol-store.js';
import type { ProtocolInterrupt, ProtocolMessage, ProtocolValues } from './protocol-values.js';
import { aiMessage, interruptFor, storedMessages } from './protocol-values.js';

/** What runs a protocol run, in `serve` or in a queue worker: the store its events go to, and this process's runs. */
export interface ProtocolRunner {
  store: ProtocolStore;
  live: LiveRuns;
  log: Logger;
  /** How often a running run is stamped alive and checked for a cancel request from another process. Default 1 s. */
  heartbeatMs?: number;
}

interface RunRef {
  runId: string;
  threadId: string;
}

/** The thread's values at the start of the run (its first `values` event): what came before, and the question. */
async function startingMessages(store: ProtocolStore, runId: string): Promise<ProtocolMessage[]> {
  const first = (await store.listEvents(runId, 0, 5)).find((e) => e.event === 'values');
  return ((first?.data as ProtocolValues | undefined)?.messages as ProtocolMessage[] | undefined) ?? [];
}

/**
 * Ends the run from the kernel's record of it (the run's status is that record's): the thread's next
 * checkpoint (the conversation, its answers as references to their kernel runs: the text and a pause's
 * interrupt stay the kernel's), the run's last events, and last the
 * end of its stream, so whoever sees the run ended has every event of it. A record of another run (a
 * decision made elsewhere first, whose resume the kernel applied instead) ends it as a refusal.
 */
export async function finishProtocolRun(store: ProtocolStore, run: RunRef, record: RunRecord): Promise<void> {
  if (record.run_id !== run.runId) {
    const message = `the approval was decided before this run could resume it: its resumed run is ${record.run_id}`;
    await failProtocolRun(store, run, Object.assign(new Error(message), { code: 'already_decided' }));
    return;
  }
  const messages = await startingMessages(store, run.runId);
  const ai = aiMessage(run.runId, record);
  const pending = record.status === 'awaiting_approval' ? record.pending : undefined;
  const interrupts: ProtocolInterrupt[] = pending ? [interruptFor(record, pending)] : [];
  const values: ProtocolValues = { messages: [...messages, ai] };
  await store.addCheckpoint({ checkpointId: `cp-${run.runId}`, threadId: run.threadId, runId: run.runId, messages: storedMessages(values.messages) });
  await store.appendEvents(run.runId, endEvents(run, record, ai, values, interrupts));
  await store.endRun(run.runId);
}

/**
 * Ends the run as failed: an `error` event `{error, message}`, then the end of its stream (tried even
 * when the store is what failed, so the thread does not stay busy when it recovers). With no kernel
 * record of it, the run reads `error`.
 */
export async function failProtocolRun(store: ProtocolStore, run: RunRef, error: unknown): Promise<void> {
  const message = error instanceof Error ? error.message : String(error);
  const code = error instanceof Error && 'code' in error && typeof error.code === 'string' ? error.code : 'internal';
  await store.appendEvents(run.runId, [{ event: 'error', data: { error: code, message } }]).catch(() => undefined);
  await store.endRun(run.runId).catch(() => undefined);
}

/**
 * Runs `work` (a kernel `ask`, `decide` or `recover`) as the protocol run `run`, in this process: each
 * kernel step is stored as events as it happens, in order, and the end as `finishProtocolRun` writes
 * it. Cancel requests from any process stop it before its next model call. Resolves with the record,
 * or rejects with what `work` threw once the failure is stored (`failProtocolRun`).
 */
export async function driveProtocolRun(runner: ProtocolRunner, run: RunRef, work: () => Promise<RunRecord>): Promise<RunRecord> {
  const { store, live, log } = runner;
  const local = live.get(run.runId) ?? live.start(run);
  let writing = Promise.resolve();
  const write = (events: RunEvent[]) => {
    writing = writing
      .then(() => store.appendEvents(run.runId, events))
      .then(
        () => live.wake(run.runId),
        (error: unknown) => log.warn('agent protocol run event not stored', { run_id: run.runId, error: error instanceof Error ? error.message : String(error) }),
      );
  };
  const heartbeat = setInterval(() => {
    void store.heartbeat(run.runId).then(
      (cancel) => cancel && local.abort.abort(),
      () => undefined,
    );
  }, runner.heartbeatMs ?? 1000);
  try {
    const taken = await store.takeRun(run.runId);
    if (taken.cancel) local.abort.abort();
    const record = await watchRun({ onProgress: (p: RunProgress) => write(progressEvents(run.runId, p)), signal: local.abort.signal }, work);
    await writing;
    await finishProtocolRun(store, run, record);
    return record;
  } catch (error) {
    await writing;
    // Another process took the kernel run over (this one held it past its lease): its record, not this
    // failure, is the run's end; the sweep ends the protocol run from it once this one stops stamping it.
    if (RunStoreError.isInstance(error) && error.code === 'lease_lost') {
      log.warn('agent protocol run taken over by another process', { run_id: run.runId, thread_id: run.threadId });
      throw error;
    }
    log.error('agent protocol run failed', { run_id: run.runId, thread_id: run.threadId, error: error instanceof Error ? error.message : String(error) });
    await failProtocolRun(store, run, error);
    throw error;
  } finally {
    clearInterval(heartbeat);
    live.end(run.runId);
  }
}
