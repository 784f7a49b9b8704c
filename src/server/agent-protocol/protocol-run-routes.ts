import type { Context } from 'hono';
import { Hono } from 'hono';
import { ApiError } from '../api-error.js';
import { requireRole } from '../authenticate.js';
import { readJsonBody } from '../read-json-body.js';
import type { ServerDeps } from '../server-deps.js';
import type { ServerEnv } from '../server-env.js';
import { beginProtocolRun } from './begin-protocol-run.js';
import type { LiveRun } from './live-runs.js';
import type { RunBody } from './protocol-schemas.js';
import { RunBody as RunBodySchema } from './protocol-schemas.js';
import { createThread, ownedThread } from './protocol-thread-routes.js';
import { runView } from './protocol-views.js';
import { streamLiveRun } from './stream-live-run.js';
import { parseStreamModes } from './stream-modes.js';

/**
 * Runs: on a thread (create in the background, stream, wait, list, get, cancel, join, rejoin a stream)
 * and stateless (`/runs`, `/runs/stream`, `/runs/wait` make a thread for the run, kept so a paused run
 * can be resumed). Starting, resuming and cancelling take the operator role; a viewer reads.
 */
export function protocolRunRoutes(deps: ServerDeps): Hono<ServerEnv> {
  const app = new Hono<ServerEnv>();
  const { protocol, liveRuns } = deps;

  /** The thread's values once the run has ended, with its interrupt; a failed run's error as `__error__`. */
  const finalValues = async (live: LiveRun) => {
    const failure = live.events.find((e) => e.event === 'error');
    if (failure) return { __error__: failure.data };
    const latest = await protocol.latestCheckpoint(live.threadId);
    const values = latest?.values ?? { messages: [] };
    return latest && latest.interrupts.length > 0 ? { ...values, __interrupt__: latest.interrupts } : values;
  };

  /** The run's thread when the caller's tenant owns both; 404 otherwise. */
  const ownedRun = async (c: Context<ServerEnv>) => {
    const thread = await ownedThread(deps, c.get('principal').tenant, c.req.param('thread_id') ?? '');
    const run = await protocol.getRun(c.req.param('run_id') ?? '');
    if (!run || run.thread_id !== thread.thread_id) throw new ApiError('not_found', `no run ${c.req.param('run_id') ?? ''} on thread ${thread.thread_id}`);
    return run;
  };

  const threadFor = async (c: Context<ServerEnv>, body: RunBody, threadId: string | undefined): Promise<string> => {
    const { tenant } = c.get('principal');
    if (threadId === undefined) return (await createThread(deps, tenant, { metadata: { stateless: true } })).thread_id;
    if (body.if_not_exists === 'create' && !(await protocol.getThread(threadId))) return (await createThread(deps, tenant, { threadId, doNothing: true })).thread_id;
    return (await ownedThread(deps, tenant, threadId)).thread_id;
  };

  const start = async (c: Context<ServerEnv>, threadId: string | undefined) => {
    const body = await readJsonBody(c, RunBodySchema);
    const modes = parseStreamModes(body.stream_mode);
    const live = await beginProtocolRun(c, deps, await threadFor(c, body, threadId), body);
    return { live, modes };
  };

  const create = async (c: Context<ServerEnv>, threadId: string | undefined) => {
    const { live } = await start(c, threadId);
    const run = await protocol.getRun(live.runId);
    if (!run) throw new ApiError('internal', `run ${live.runId} was not stored`);
    c.header('Content-Location', `/threads/${encodeURIComponent(live.threadId)}/runs/${encodeURIComponent(live.runId)}`);
    return c.json(runView(run));
  };
  const stream = async (c: Context<ServerEnv>, threadId: string | undefined) => {
    const { live, modes } = await start(c, threadId);
    return streamLiveRun(c, deps, live, modes, undefined);
  };
  const wait = async (c: Context<ServerEnv>, threadId: string | undefined) => {
    const { live } = await start(c, threadId);
    c.header('Content-Location', `/threads/${encodeURIComponent(live.threadId)}/runs/${encodeURIComponent(live.runId)}`);
    await live.done;
    return c.json(await finalValues(live));
  };

  app.post('/threads/:thread_id/runs', requireRole('operator'), (c) => create(c, c.req.param('thread_id')));
  app.post('/threads/:thread_id/runs/stream', requireRole('operator'), (c) => stream(c, c.req.param('thread_id')));
  app.post('/threads/:thread_id/runs/wait', requireRole('operator'), (c) => wait(c, c.req.param('thread_id')));
  app.post('/runs', requireRole('operator'), (c) => create(c, undefined));
  app.post('/runs/stream', requireRole('operator'), (c) => stream(c, undefined));
  app.post('/runs/wait', requireRole('operator'), (c) => wait(c, undefined));

  app.get('/threads/:thread_id/runs', async (c) => {
    const thread = await ownedThread(deps, c.get('principal').tenant, c.req.param('thread_id'));
    const limit = Math.min(Math.max(Number(c.req.query('limit') ?? 10) || 10, 1), 1000);
    const offset = Math.max(Number(c.req.query('offset') ?? 0) || 0, 0);
    return c.json((await protocol.listRuns(thread.thread_id, limit, offset)).map(runView));
  });

  app.get('/threads/:thread_id/runs/:run_id', async (c) => c.json(runView(await ownedRun(c))));

  app.get('/threads/:thread_id/runs/:run_id/join', async (c) => {
    const run = await ownedRun(c);
    const live = liveRuns.get(run.run_id);
    if (live) {
      await live.done;
      return c.json(await finalValues(live));
    }
    const checkpoint = (await protocol.listCheckpoints(run.thread_id, 1000)).find((cp) => cp.run_id === run.run_id);
    return c.json(checkpoint ? (checkpoint.interrupts.length > 0 ? { ...checkpoint.values, __interrupt__: checkpoint.interrupts } : checkpoint.values) : {});
  });

  app.get('/threads/:thread_id/runs/:run_id/stream', async (c) => {
    const run = await ownedRun(c);
    const modes = parseStreamModes(c.req.queries('stream_mode'));
    if (!liveRuns.get(run.run_id)) {
      // Past the replay window (or another process's run): its final state is in the store.
      throw new ApiError('run_ended', `run ${run.run_id} is no longer streamed (status ${run.status}); read GET /threads/${run.thread_id}/state`);
    }
    return streamLiveRun(c, deps, { runId: run.run_id, threadId: run.thread_id }, modes, c.req.header('last-event-id'));
  });

  app.post('/threads/:thread_id/runs/:run_id/cancel', requireRole('operator'), async (c) => {
    const run = await ownedRun(c);
    const live = liveRuns.get(run.run_id);
    if (!live || live.ended) throw new ApiError('run_ended', `run ${run.run_id} has already ended (status ${run.status})`);
    if (c.req.query('action') === 'rollback') throw new ApiError('bad_request', 'action: only "interrupt" (a Waybill run is never rolled back; its audit trail stays)');
    live.abort.abort();
    if (c.req.query('wait') === '1' || c.req.query('wait') === 'true') await live.done;
    return c.body(null, 202);
  });

  return app;
}
