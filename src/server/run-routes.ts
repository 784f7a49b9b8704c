import { admitThread } from '../runtimes/core/refuse-paused-thread.js';
import { Hono } from 'hono';
import { z } from 'zod';
import { isStopReason } from '../policy/index.js';
import type { RunFilter } from '../telemetry/index.js';
import { delegationTree, RUN_LIST_MAX_LIMIT, RunStatus } from '../telemetry/index.js';
import { ApiError } from './api-error.js';
import { roleAtLeast } from './api-role.js';
import { requireRole } from './authenticate.js';
import { findTenantRun } from './find-tenant-run.js';
import { readJsonBody } from './read-json-body.js';
import { CreateRunBody } from './request-schemas.js';
import type { ServerDeps } from './server-deps.js';
import type { ServerEnv } from './server-env.js';

const Instant = z.iso.datetime({ offset: true, error: 'must be an ISO 8601 instant, e.g. 2026-11-30T00:00:00Z' });

/** Query of `GET /v1/runs`; unknown parameters are refused so a typo never silently widens a listing. */
const RunQuery = z.strictObject({
  status: RunStatus.optional(),
  stop_reason: z.string().refine(isStopReason, { message: 'not a stop reason (see docs/service.md)' }).optional(),
  request_id: z.string().min(1).max(255).optional(),
  since: Instant.optional(),
  until: Instant.optional(),
  limit: z.coerce.number().int().min(1).max(RUN_LIST_MAX_LIMIT).optional(),
});

/** Runs: create (synchronous or in the background), list, get, audit events, delegation tree. */
export function runRoutes(deps: ServerDeps): Hono<ServerEnv> {
  const app = new Hono<ServerEnv>();
  const { opened } = deps;

  app.post('/runs', requireRole('operator'), async (c) => {
    const body = await readJsonBody(c, CreateRunBody);
    const { tenant, keyId, role } = c.get('principal');
    // A rollout's arm is chosen per key (the same key, the same arm); a tenant's admin is its own staff.
    const caller = { user: keyId, internal: roleAtLeast(role, 'admin') };
    const requestId = c.get('requestId');
    if (body.thread_id) {
      // Thread ids share one checkpointer: the thread is claimed for its first tenant, and another
      // tenant's run on it is 404; refused before a background run is accepted, so the answer reaches the caller.
      await admitThread(opened.runs, body.thread_id, tenant);
    }
    // Refused here, not in a background run or a worker, so the caller hears it (403 stage_refused).
    await deps.rollouts?.admit(tenant, caller.internal);
    const runId = `run-${deps.newId()}`;
    const threadId = body.thread_id ?? `t-${deps.newId()}`;
    if (deps.queue) {
      // Queued for a worker: the run is durable in the queue before the caller hears 202.
      await deps.queue.enqueue({ kind: 'run', runId, threadId, tenant, input: body.input, requestId, ...caller });
      c.header('Location', `/v1/runs/${runId}`);
      return c.json({ run_id: runId, thread_id: threadId, request_id: requestId, status: 'queued' }, 202);
    }
    const ask = () => opened.ask({ input: body.input, threadId, tenant, requestId, runId, ...caller });
    if (body.wait === false) {
      deps.inFlight.start({ run_id: runId, tenant, thread_id: threadId, request_id: requestId, started_at: new Date().toISOString() }, ask());
      c.header('Location', `/v1/runs/${runId}`);
      return c.json({ run_id: runId, thread_id: threadId, request_id: requestId, status: 'running' }, 202);
    }
    return c.json(await ask(), 200);
  });

  app.get('/runs', async (c) => {
    const parsed = RunQuery.safeParse(c.req.query());
    if (!parsed.success) {
      const problems = parsed.error.issues.map((i) => `${i.path.join('.') || 'query'}: ${i.message}${i.code === 'unrecognized_keys' ? ` (${i.keys.join(', ')})` : ''}`);
      throw new ApiError('bad_request', `invalid query: ${problems.join('; ')}`);
    }
    const q = parsed.data;
    const filter: RunFilter = {
      tenant: c.get('principal').tenant,
      ...(q.status && { status: q.status }),
      ...(q.stop_reason && isStopReason(q.stop_reason) && { stopReason: q.stop_reason }),
      ...(q.request_id && { requestId: q.request_id }),
      ...(q.since && { since: q.since }),
      ...(q.until && { until: q.until }),
      ...(q.limit && { limit: q.limit }),
    };
    const listing = await opened.runs.listRuns(filter);
    return c.json({ runs: listing.runs, skipped: listing.skipped });
  });

  app.get('/runs/:id', async (c) => {
    const { tenant } = c.get('principal');
    const id = c.req.param('id');
    const running = deps.inFlight.get(id);
    const stored = await opened.runs.getRun(id);
    if (!stored && running && running.tenant === tenant) return c.json(running);
    return c.json(await findTenantRun(deps, tenant, id));
  });

  app.get('/runs/:id/events', async (c) => {
    const record = await findTenantRun(deps, c.get('principal').tenant, c.req.param('id'));
    return c.json({ run_id: record.run_id, events: await opened.runs.listEvents(record.run_id) });
  });

  app.get('/runs/:id/tree', async (c) => {
    const record = await findTenantRun(deps, c.get('principal').tenant, c.req.param('id'));
    return c.json({ run_id: record.run_id, tree: delegationTree(await opened.runs.listEvents(record.run_id)) });
  });

  return app;
}
