import type { LiveRuns } from './live-runs.js';
import type { ProtocolEventRow, ProtocolStore } from './protocol-store.js';

/** How often a follower looks in the store for events another process wrote. */
const POLL_MS = 150;
const PAGE = 500;

const ENDED = (status: string | undefined) => status !== 'pending' && status !== 'running';

/**
 * The run's stored events numbered after `afterSeq`, in order, as they are written by whichever process
 * runs it, until the run has ended and its last event was given, or `gone` aborts. The run's status is
 * read before its events: a run seen ended has all its events stored (they are written before it ends).
 */
export async function* followRunEvents(store: ProtocolStore, live: LiveRuns, runId: string, afterSeq: number, gone: AbortSignal): AsyncGenerator<ProtocolEventRow> {
  let cursor = afterSeq;
  while (!gone.aborted) {
    const ended = ENDED((await store.getRun(runId))?.status);
    for (;;) {
      const page = await store.listEvents(runId, cursor, PAGE);
      for (const event of page) {
        cursor = event.seq;
        yield event;
      }
      if (page.length < PAGE) break;
    }
    if (ended) return;
    await live.waitForNews(runId, POLL_MS, gone);
  }
}

/** Resolves when the run has ended (whichever process ran it), or `gone` aborts. */
export async function runEnded(store: ProtocolStore, live: LiveRuns, runId: string, gone: AbortSignal): Promise<void> {
  while (!gone.aborted && !ENDED((await store.getRun(runId))?.status)) await live.waitForNews(runId, POLL_MS, gone);
}
