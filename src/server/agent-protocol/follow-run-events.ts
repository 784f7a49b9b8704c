import type { LiveRuns } from './live-runs.js';
import type { ProtocolEventRow, ProtocolStore } from './protocol-store.js';

/** How often a follower looks in the store for events another process wrote. */
const POLL_MS = 150;
const PAGE = 500;

/** True once the run's stream is complete (or there is no such run). */
async function ended(store: ProtocolStore, runId: string): Promise<boolean> {
  const run = await store.runRequest(runId);
  return run === undefined || run.ended_at !== null;
}

/**
 * The run's stored events numbered after `afterSeq`, in order, as they are written by whichever process
 * runs it, until the run has ended and its last event was given, or `gone` aborts. The run's status is
 * read before its events: a run seen ended has all its events stored (they are written before it ends).
 * That end is the protocol's (its stream is complete), not the kernel's record, which is written first.
 */
export async function* followRunEvents(store: ProtocolStore, live: LiveRuns, runId: string, afterSeq: number, gone: AbortSignal): AsyncGenerator<ProtocolEventRow> {
  let cursor = afterSeq;
  while (!gone.aborted) {
    const done = await ended(store, runId);
    for (;;) {
      const page = await store.listEvents(runId, cursor, PAGE);
      for (const event of page) {
        cursor = event.seq;
        yield event;
      }
      if (page.length < PAGE) break;
    }
    if (done) return;
    await live.waitForNews(runId, POLL_MS, gone);
  }
}

/** Resolves when the run has ended (whichever process ran it), or `gone` aborts. */
export async function runEnded(store: ProtocolStore, live: LiveRuns, runId: string, gone: AbortSignal): Promise<void> {
  while (!gone.aborted && !(await ended(store, runId))) await live.waitForNews(runId, POLL_MS, gone);
}
