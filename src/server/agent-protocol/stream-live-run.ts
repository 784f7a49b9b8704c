import type { Context } from 'hono';
import { streamSSE } from 'hono/streaming';
import type { ServerDeps } from '../server-deps.js';
import type { ServerEnv } from '../server-env.js';
import type { StreamMode } from './stream-modes.js';
import { wantsEvent } from './stream-modes.js';

/**
 * Streams a run of this process as server-sent events in the modes asked for, starting after
 * `lastEventId` when a client rejoins. `Location` tells LangGraph clients where to rejoin if the
 * connection drops; `Content-Location` names the run. A client that goes away does not cancel the run.
 */
export function streamLiveRun(c: Context<ServerEnv>, deps: ServerDeps, run: { runId: string; threadId: string }, modes: readonly StreamMode[], lastEventId: string | undefined): Response {
  const path = `/threads/${encodeURIComponent(run.threadId)}/runs/${encodeURIComponent(run.runId)}`;
  c.header('Location', `${path}/stream`);
  c.header('Content-Location', path);
  return streamSSE(c, async (stream) => {
    const gone = new AbortController();
    stream.onAbort(() => gone.abort());
    for await (const event of deps.liveRuns.follow(run.runId, lastEventId, gone.signal)) {
      if (wantsEvent(modes, event.event)) await stream.writeSSE({ id: event.id, event: event.event, data: JSON.stringify(event.data) });
    }
  });
}
