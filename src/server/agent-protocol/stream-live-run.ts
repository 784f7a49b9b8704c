import type { Context } from 'hono';
import { streamSSE } from 'hono/streaming';
import { ApiError } from '../api-error.js';
import type { ServerDeps } from '../server-deps.js';
import type { ServerEnv } from '../server-env.js';
import { publicThreadId } from '../thread-key.js';
import { followRunEvents } from './follow-run-events.js';
import type { StreamMode } from './stream-modes.js';
import { wantsEvent } from './stream-modes.js';

/**
 * The number of the last event a rejoining client saw (`Last-Event-ID`), 0 without one or with `-1`
 * (what LangGraph clients send for "from the start"); 400 naming the header otherwise.
 */
export function lastEventSeq(header: string | undefined): number {
  if (header === undefined || header.trim() === '' || header.trim() === '-1') return 0;
  if (!/^\d{1,15}$/.test(header.trim())) throw new ApiError('bad_request', `Last-Event-ID: ${JSON.stringify(header)} is not an event id of this server (ids are whole numbers)`);
  return Number(header.trim());
}

/**
 * Streams a run as server-sent events in the modes asked for, from the store (whichever process runs
 * it), starting after event `afterSeq` when a client rejoins. `Location` tells LangGraph clients where to
 * rejoin if the connection drops; `Content-Location` names the run. A client that goes away cancels the
 * run only when it asked to (`on_disconnect: "cancel"`, `cancel_on_disconnect=1`) and the run has not ended.
 */
export function streamLiveRun(c: Context<ServerEnv>, deps: ServerDeps, run: { runId: string; threadId: string }, modes: readonly StreamMode[], afterSeq: number, cancelOnDisconnect = false): Response {
  const path = `/threads/${encodeURIComponent(publicThreadId(run.threadId))}/runs/${encodeURIComponent(run.runId)}`;
  c.header('Location', `${path}/stream`);
  c.header('Content-Location', path);
  return streamSSE(c, async (stream) => {
    const gone = new AbortController();
    stream.onAbort(() => {
      gone.abort();
      if (cancelOnDisconnect) void deps.protocol.requestCancel(run.runId).then((asked) => asked && deps.liveRuns.get(run.runId)?.abort.abort(), () => undefined);
    });
    for await (const event of followRunEvents(deps.protocol, deps.liveRuns, run.runId, afterSeq, gone.signal)) {
      if (wantsEvent(modes, event.event)) await stream.writeSSE({ id: String(event.seq), event: event.event, data: JSON.stringify(event.data) });
    }
  });
}
