import type { Context } from 'hono';
import { Hono } from 'hono';
import { ApiError } from '../api-error.js';
import { requireRole } from '../authenticate.js';
import type { ServerDeps } from '../server-deps.js';
import type { ServerEnv } from '../server-env.js';
import { publicThreadId, threadKey } from '../thread-key.js';
import { beginProtocolRun } from './begin-protocol-run.js';
import { runEnded } from './follow-run-events.js';
import type { RunBody } from './protocol-schemas.js';
import { ListRunsQuery, RejoinQuery, RunBody as RunBodySchema } from './protocol-schemas.js';
import { checkProtocolValue, readProtocolBody } from './read-protocol-body.js';
import { createThread, ownedThread } from './protocol-thread-routes.js';
import { runView } from './protocol-views.js';
import { checkpointValues, recordReader } from './checkpoint-values.js';
import { protocolRunStatus, readProtocolRun } from './read-protocol-run.js';
import { lastEventSeq, streamLiveRun } from './stream-live-run.js';
import { parseStreamModes } from './stream-modes.js';

type RunRef = { runId: string; threadId: string };

/**
 * Runs: on a thread (create in the background, stream, wait, list, get, cancel, join, rejoin a stream)
 * and stateless (`/runs`, `/runs/stream`, `/runs/wait` make a thread for the run, kept so a paused run
 * can be resumed). Starting, resuming and cancelling take the operator role; a viewer reads.
 */
export function protocolRunRoutes(deps: ServerDeps): Hono<ServerEnv> {
  const app = new Hono<ServerEnv>();
  const { protocol, liveRuns } = deps;

  /**
   * Waits for the run to end (in whichever process runs it) and answers its final values: the state it
   * left the thread in (its checkpoint, the answers and interrupt read from the kernel's records); a failed run's error as `__error__`. A client that goes away stops the wait only.
   */
  const finalValues = async (c: Context<ServerEnv>, run: RunRef) => {
    const gone = new AbortController();
    c.req.raw.signal.addEventListener('abort', () => gone.abort(), { once: true });
    await runEnded(protocol, liveRuns, run.runId, gone.signal);
    const last = (await protocol.listEvents(run.runId, 0, 100_000)).at(-1);
    if (last?.event === 'error') return { __error__: last.data };
    const checkpoint = (await protocol.listCheckpoints(run.threadId, 1000)).find((cp) => cp.run_id === run.runId);
    if (!checkpoint) return {};
    const { values, interrupts } = await checkpointValues(recordReader(deps.opened.runs), checkpoint);
    return interrupts.length > 0 ? { ...values, __interrupt__: interrupts } : values;
  };

  /** The run (the protocol's part: its status is `readProtocolRun`'s) when the caller's tenant owns its thread; 404 otherwise. */
  const ownedRun = async (c: Context<ServerEnv>) => {
    const thread = await ownedThread(deps, c.get('principal').tenant, c.req.param('thread_id') ?? '');
    const run = await protocol.runRequest(c.req.param('run_id') ?? '');
    if (!run || run.thread_id !== thread.thread_id) throw new ApiError('not_found', `no run ${c.req.param('run_id') ?? ''} on thread ${c.req.param('thread_id') ?? ''}`);
    return run;
  };

  const threadFor = async (c: Context<ServerEnv>, body: RunBody, threadId: string | undefined): Promise<string> => {
    const { tenant } = c.get('principal');
    if (threadId === undefined) return (await createThread(deps, tenant, { metadata: { stateless: true } })).thread_id;
    if (body.if_not_exists === 'create' && !(await protocol.getThread(await threadKey(deps.opened.runs, tenant, threadId)))) return (await createThread(deps, tenant, { threadId, doNothing: true })).thread_id;
    return (await ownedThread(deps, tenant, threadId)).thread_id;
  };

  const start = async (c: Context<ServerEnv>, threadId: string | undefined) => {
    const body = await readProtocolBody(c, RunBodySchema);
    const modes = parseStreamModes(body.stream_mode);
    const live = await beginProtocolRun(c, deps, await threadFor(c, body, threadId), body, modes);
    return { live, modes, cancelOnDisconnect: body.on_disconnect === 'cancel' };
  };

  const create = async (c: Context<ServerEnv>, threadId: string | undefined) => {
    // The run as it was created (`pending` until a worker takes it): a worker may already have taken it.
    const { live } = await start(c, threadId);
    c.header('Content-Location', `/threads/${encodeURIComponent(publicThreadId(live.threadId))}/runs/${encodeURIComponent(live.runId)}`);
    return c.json(runView({ ...live.created, status: protocolRunStatus(live.created, undefined), updated_at: live.created.created_at, record_run_id: null }));
  };
  const stream = async (c: Context<ServerEnv>, threadId: string | undefined) => {
    const { live, modes, cancelOnDisconnect } = await start(c, threadId);
    return streamLiveRun(c, deps, live, modes, 0, cancelOnDisconnect);
  };
  const wait = async (c: Context<ServerEnv>, threadId: string | undefined) => {
    const { live } = await start(c, threadId);
    c.header('Content-Location', `/threads/${encodeURIComponent(publicThreadId(live.threadId))}/runs/${encodeURIComponent(live.runId)}`);
    return c.json(await finalValues(c, live));
  };

  app.post('/threads/:thread_id/runs', requireRole('operator'), (c) => create(c, c.req.param('thread_id')));
  app.post('/threads/:thread_id/runs/stream', requireRole('operator'), (c) => stream(c, c.req.param('thread_id')));
  app.post('/threads/:thread_id/runs/wait', requireRole('operator'), (c) => wait(c, c.req.param('thread_id')));
  app.post('/runs', requireRole('operator'), (c) => create(c, undefined));
  app.post('/runs/stream', requireRole('operator'), (c) => stream(c, undefined));
  app.post('/runs/wait', requireRole('operator'), (c) => wait(c, undefined));

  app.get('/threads/:thread_id/runs', async (c) => {
    const thread = await ownedThread(deps, c.get('principal').tenant, c.req.param('thread_id'));
    const query = checkProtocolValue(ListRunsQuery, c.req.query(), 'query');
    const limit = query.limit ?? 10;
    const offset = query.offset ?? 0;
    // Newest first, each with its status from its kernel record; a status filter reads every run of the thread, then pages.
    const read = async (requests: ReturnType<typeof protocol.listRunRequests>) => Promise.all((await requests).map((r) => readProtocolRun(deps.opened.runs, r)));
    const runs = query.status ? (await read(protocol.listRunRequests(thread.thread_id, 100_000, 0))).filter((r) => r.status === query.status).slice(offset, offset + limit) : await read(protocol.listRunRequests(thread.thread_id, limit, offset));
    return c.json(runs.map(runView));
  });

  app.get('/threads/:thread_id/runs/:run_id', async (c) => c.json(runView(await readProtocolRun(deps.opened.runs, await ownedRun(c)))));

  app.get('/threads/:thread_id/runs/:run_id/join', async (c) => {
    const run = await ownedRun(c);
    const query = checkProtocolValue(RejoinQuery, c.req.query(), 'query');
    if (query.stream_mode !== undefined) throw new ApiError('unsupported', 'stream_mode: join answers the final values; rejoin the stream with GET .../stream to choose modes');
    if (query.cancel_on_disconnect === '1' || query.cancel_on_disconnect === 'true') c.req.raw.signal.addEventListener('abort', () => void protocol.requestCancel(run.run_id), { once: true });
    return c.json(await finalValues(c, { runId: run.run_id, threadId: run.thread_id }));
  });

  app.get('/threads/:thread_id/runs/:run_id/stream', async (c) => {
    const run = await ownedRun(c);
    const query = checkProtocolValue(RejoinQuery, c.req.query(), 'query');
    // A rejoin that names no mode (the SDK's reconnect after a drop) streams the modes the run started with.
    const named = c.req.queries('stream_mode');
    const modes = parseStreamModes(named && named.length > 0 ? named : run.stream_modes);
    const cancelOnDisconnect = query.cancel_on_disconnect === '1' || query.cancel_on_disconnect === 'true';
    return streamLiveRun(c, deps, { runId: run.run_id, threadId: run.thread_id }, modes, lastEventSeq(c.req.header('last-event-id')), cancelOnDisconnect);
  });

  app.post('/threads/:thread_id/runs/:run_id/cancel', requireRole('operator'), async (c) => {
    const run = await ownedRun(c);
    if (c.req.query('action') === 'rollback') throw new ApiError('bad_request', 'action: only "interrupt" (a Waybill run is never rolled back; its audit trail stays)');
    // The process running it stops it: this one at once, another at its next heartbeat (a queued run as soon as a worker takes it).
    if (!(await protocol.requestCancel(run.run_id))) throw new ApiError('run_ended', `run ${run.run_id} has already ended (status ${(await readProtocolRun(deps.opened.runs, run)).status})`);
    liveRuns.get(run.run_id)?.abort.abort();
    if (c.req.query('wait') === '1' || c.req.query('wait') === 'true') await runEnded(protocol, liveRuns, run.run_id, c.req.raw.signal);
    return c.body(null, 202);
  });

  return app;
}
