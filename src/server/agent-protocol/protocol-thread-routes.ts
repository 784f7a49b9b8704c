import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import { ApiError } from '../api-error.js';
import { requireRole } from '../authenticate.js';
import { ThreadId } from '../request-schemas.js';
import { claimThreadKey, publicThreadId, threadKey } from '../thread-key.js';
import type { ServerDeps } from '../server-deps.js';
import type { ServerEnv } from '../server-env.js';
import type { ProtocolThreadRow } from './protocol-store.js';
import { checkAssistant } from './begin-protocol-run.js';
import { pickFields } from './pick-fields.js';
import { CreateThreadBody, HistoryBody, SearchThreadsBody } from './protocol-schemas.js';
import { readProtocolBody } from './read-protocol-body.js';
import { stateView, threadView } from './protocol-views.js';
import { readThreadState } from './read-thread-state.js';
import { checkpointValues, recordReader } from './checkpoint-values.js';

/**
 * The thread the caller's tenant names `threadId` (its storage key is scoped by tenant: thread-key.ts);
 * 404 when the tenant has none, whether or not another tenant has a thread of that id.
 */
export async function ownedThread(deps: ServerDeps, tenant: string, threadId: string): Promise<ProtocolThreadRow> {
  const thread = await deps.protocol.getThread(await threadKey(deps.opened.runs, tenant, threadId));
  if (!thread || thread.tenant !== tenant) throw new ApiError('not_found', `no thread ${threadId}`);
  return thread;
}

/**
 * Creates a thread for `tenant`; 409 when the tenant has one of that id, unless `doNothing`. Ids are
 * scoped by tenant: another tenant's id is a free one. The owner is the kernel's (its thread owners,
 * claimed here before the protocol's row is written), so no other tenant's run reaches the thread by any path.
 */
export async function createThread(deps: ServerDeps, tenant: string, input: { threadId?: string | null; metadata?: Record<string, unknown> | null; doNothing?: boolean }): Promise<ProtocolThreadRow> {
  const threadId = input.threadId ?? randomUUID();
  // A thread named in the path (`if_not_exists: "create"`) gets the same rule as one in a body: opaque, no personal data.
  const named = ThreadId.safeParse(threadId);
  if (!named.success) throw new ApiError('invalid_body', `thread_id: ${named.error.issues[0]?.message ?? 'not a thread id'}`);
  const taken = async (key: string) => {
    const existing = await deps.protocol.getThread(key);
    if (input.doNothing && existing?.tenant === tenant) return existing;
    throw new ApiError('thread_exists', `thread ${threadId} already exists`);
  };
  const found = await threadKey(deps.opened.runs, tenant, threadId);
  if (await deps.protocol.getThread(found)) return taken(found);
  const key = await claimThreadKey(deps.opened.runs, tenant, threadId);
  if (!(await deps.protocol.createThread({ threadId: key, tenant, metadata: input.metadata ?? {} }))) return taken(key);
  return await ownedThread(deps, tenant, threadId);
}

/** Threads: create, search, get, state and history, each within the caller's tenant. */
export function protocolThreadRoutes(deps: ServerDeps): Hono<ServerEnv> {
  const app = new Hono<ServerEnv>();
  const { protocol } = deps;

  app.post('/threads', requireRole('operator'), async (c) => {
    const body = await readProtocolBody(c, CreateThreadBody, { emptyIsObject: true });
    if (body.graph_id) checkAssistant(deps, body.graph_id);
    const thread = await createThread(deps, c.get('principal').tenant, { threadId: body.thread_id, metadata: body.metadata, doNothing: body.if_exists === 'do_nothing' });
    return c.json(threadView(thread, await readThreadState(deps, thread)));
  });

  app.post('/threads/search', async (c) => {
    const body = await readProtocolBody(c, SearchThreadsBody, { emptyIsObject: true });
    const limit = body.limit ?? 10;
    const offset = body.offset ?? 0;
    // The store pages by last update, newest first; a status (read, not stored) or another order needs every candidate first.
    const whole = Boolean(body.status) || (body.sort_by ?? 'updated_at') !== 'updated_at' || body.sort_order === 'asc';
    const found = await protocol.searchThreads({
      tenant: c.get('principal').tenant,
      limit: whole ? Number.MAX_SAFE_INTEGER : limit,
      offset: whole ? 0 : offset,
      ...(body.metadata && { metadata: body.metadata }),
      ...(body.ids && { ids: body.ids }),
    });
    let views = await Promise.all(found.map(async (t) => threadView(t, await readThreadState(deps, t))));
    if (whole) {
      const key = body.sort_by ?? 'updated_at';
      const sign = body.sort_order === 'asc' ? 1 : -1;
      views = views.filter((v) => !body.status || v.status === body.status).sort((x, y) => sign * (x[key] < y[key] ? -1 : x[key] > y[key] ? 1 : 0)).slice(offset, offset + limit);
    }
    return c.json(views.map((v) => pickFields(v, body.select)));
  });

  app.get('/threads/:thread_id', async (c) => {
    const thread = await ownedThread(deps, c.get('principal').tenant, c.req.param('thread_id'));
    return c.json(threadView(thread, await readThreadState(deps, thread)));
  });

  app.get('/threads/:thread_id/state', async (c) => {
    const thread = await ownedThread(deps, c.get('principal').tenant, c.req.param('thread_id'));
    const all = await protocol.listCheckpoints(thread.thread_id, 1000);
    return c.json(stateView(publicThreadId(thread.thread_id), all[0], all.length, await readThreadState(deps, thread)));
  });

  /**
   * Newest first; the newest is the thread's state now, the others as each checkpoint kept them. `before`
   * starts after that checkpoint (404 naming it when the thread has none such); `metadata` keeps the
   * states whose metadata (the run's, with `source`, `step`, `run_id`) has each given key with an equal value.
   */
  const history = async (thread: ProtocolThreadRow, query: { limit: number; before?: string; metadata?: Record<string, unknown> }) => {
    const all = await protocol.listCheckpoints(thread.thread_id, 100_000);
    const read = recordReader(deps.opened.runs);
    const now = await readThreadState(deps, thread, read);
    const runMetadata = new Map((await protocol.listRunRequests(thread.thread_id, 100_000, 0)).map((r) => [r.run_id, r.metadata]));
    const kept = await Promise.all(all.map((checkpoint, i) => (i === 0 ? now : checkpointValues(read, checkpoint))));
    let states = all.map((checkpoint, i) => stateView(publicThreadId(thread.thread_id), checkpoint, all.length - i, kept[i] ?? now, runMetadata.get(checkpoint.run_id)));
    if (query.before !== undefined) {
      const at = all.findIndex((cp) => cp.checkpoint_id === query.before);
      if (at < 0) throw new ApiError('not_found', `before: thread ${publicThreadId(thread.thread_id)} has no checkpoint ${query.before}`);
      states = states.slice(at + 1);
    }
    const wanted = Object.entries(query.metadata ?? {});
    const metadataOf = (state: (typeof states)[number]): Record<string, unknown> => state.metadata;
    return states.filter((s) => wanted.every(([k, v]) => JSON.stringify(metadataOf(s)[k]) === JSON.stringify(v))).slice(0, query.limit);
  };
  app.post('/threads/:thread_id/history', async (c) => {
    const thread = await ownedThread(deps, c.get('principal').tenant, c.req.param('thread_id'));
    const body = await readProtocolBody(c, HistoryBody, { emptyIsObject: true });
    const before = typeof body.before === 'string' ? body.before : body.before?.configurable.checkpoint_id;
    return c.json(await history(thread, { limit: body.limit ?? 10, ...(before !== undefined && { before }), ...(body.metadata && { metadata: body.metadata }) }));
  });
  app.get('/threads/:thread_id/history', async (c) => {
    const thread = await ownedThread(deps, c.get('principal').tenant, c.req.param('thread_id'));
    const unknown = Object.keys(c.req.query()).filter((k) => k !== 'limit' && k !== 'before');
    if (unknown.length > 0) throw new ApiError('unsupported', `unsupported query field: ${unknown.join(', ')} (GET history takes limit and before; POST takes metadata too)`);
    const limit = Number(c.req.query('limit') ?? 10);
    if (!Number.isInteger(limit) || limit < 1 || limit > 1000) throw new ApiError('bad_request', 'limit: a whole number from 1 to 1000');
    const before = c.req.query('before');
    return c.json(await history(thread, { limit, ...(before !== undefined && { before }) }));
  });

  return app;
}
