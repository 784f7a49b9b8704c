import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import { ApiError } from '../api-error.js';
import { requireRole } from '../authenticate.js';
import { readJsonBody } from '../read-json-body.js';
import { ThreadId } from '../request-schemas.js';
import type { ServerDeps } from '../server-deps.js';
import type { ServerEnv } from '../server-env.js';
import type { ProtocolThreadRow } from './protocol-store.js';
import { CreateThreadBody, HistoryBody, SearchThreadsBody } from './protocol-schemas.js';
import { stateView, threadView } from './protocol-views.js';
import { syncProtocolThread } from './sync-protocol-thread.js';

/**
 * The thread if the caller's tenant owns it (404 otherwise, the same answer as for no thread), brought
 * up to date with an approval decided outside the protocol.
 */
export async function ownedThread(deps: ServerDeps, tenant: string, threadId: string): Promise<ProtocolThreadRow> {
  const thread = await deps.protocol.getThread(threadId);
  if (!thread || thread.tenant !== tenant) throw new ApiError('not_found', `no thread ${threadId}`);
  return syncProtocolThread(deps, thread);
}

/** Creates a thread for `tenant`; 409 when the id is taken, unless `doNothing` and the tenant owns it. */
export async function createThread(deps: ServerDeps, tenant: string, input: { threadId?: string | null; metadata?: Record<string, unknown> | null; doNothing?: boolean }): Promise<ProtocolThreadRow> {
  const threadId = input.threadId ?? randomUUID();
  // A thread named in the path (`if_not_exists: "create"`) gets the same rule as one in a body: opaque, no personal data.
  const named = ThreadId.safeParse(threadId);
  if (!named.success) throw new ApiError('invalid_body', `thread_id: ${named.error.issues[0]?.message ?? 'not a thread id'}`);
  // A thread id used by another tenant's /v1 runs shares their checkpoints: never hand it out.
  const used = await deps.opened.runs.latestRunForThread(threadId);
  const free = (!used || used.tenant === tenant) && (await deps.protocol.createThread({ threadId, tenant, metadata: input.metadata ?? {} }));
  if (!free) {
    const existing = await deps.protocol.getThread(threadId);
    if (input.doNothing && existing?.tenant === tenant) return existing;
    throw new ApiError('thread_exists', `thread ${threadId} already exists`);
  }
  return await ownedThread(deps, tenant, threadId);
}

/** Threads: create, search, get, state and history, each within the caller's tenant. */
export function protocolThreadRoutes(deps: ServerDeps): Hono<ServerEnv> {
  const app = new Hono<ServerEnv>();
  const { protocol } = deps;

  app.post('/threads', requireRole('operator'), async (c) => {
    const body = await readJsonBody(c, CreateThreadBody);
    const thread = await createThread(deps, c.get('principal').tenant, { threadId: body.thread_id, metadata: body.metadata, doNothing: body.if_exists === 'do_nothing' });
    return c.json(threadView(thread, await protocol.latestCheckpoint(thread.thread_id)));
  });

  app.post('/threads/search', async (c) => {
    const body = (await c.req.text()).trim() ? await readJsonBody(c, SearchThreadsBody) : {};
    const found = await protocol.searchThreads({
      tenant: c.get('principal').tenant,
      limit: body.limit ?? 10,
      offset: body.offset ?? 0,
      ...(body.metadata && { metadata: body.metadata }),
      ...(body.ids && { ids: body.ids }),
      ...(body.status && { status: body.status }),
    });
    const threads = await Promise.all(found.map((t) => syncProtocolThread(deps, t)));
    return c.json(await Promise.all(threads.map(async (t) => threadView(t, await protocol.latestCheckpoint(t.thread_id)))));
  });

  app.get('/threads/:thread_id', async (c) => {
    const thread = await ownedThread(deps, c.get('principal').tenant, c.req.param('thread_id'));
    return c.json(threadView(thread, await protocol.latestCheckpoint(thread.thread_id)));
  });

  app.get('/threads/:thread_id/state', async (c) => {
    const thread = await ownedThread(deps, c.get('principal').tenant, c.req.param('thread_id'));
    const all = await protocol.listCheckpoints(thread.thread_id, 1000);
    return c.json(stateView(thread.thread_id, all[0], all.length));
  });

  const history = async (threadId: string, limit: number) => {
    const all = await protocol.listCheckpoints(threadId, 1000);
    return all.slice(0, limit).map((checkpoint, i) => stateView(threadId, checkpoint, all.length - i));
  };
  app.post('/threads/:thread_id/history', async (c) => {
    const thread = await ownedThread(deps, c.get('principal').tenant, c.req.param('thread_id'));
    const body = (await c.req.text()).trim() ? await readJsonBody(c, HistoryBody) : {};
    return c.json(await history(thread.thread_id, body.limit ?? 10));
  });
  app.get('/threads/:thread_id/history', async (c) => {
    const thread = await ownedThread(deps, c.get('principal').tenant, c.req.param('thread_id'));
    const limit = Number(c.req.query('limit') ?? 10);
    if (!Number.isInteger(limit) || limit < 1 || limit > 1000) throw new ApiError('bad_request', 'limit: a whole number from 1 to 1000');
    return c.json(await history(thread.thread_id, limit));
  });

  return app;
}
