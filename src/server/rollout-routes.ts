import { Hono } from 'hono';
import { z } from 'zod';
import type { RolloutActions } from '../rollout/index.js';
import { CHANGE_KINDS, ROLLOUT_STAGES } from '../rollout/index.js';
import { ApiError } from './api-error.js';
import { requireRole } from './authenticate.js';
import { readJsonBody } from './read-json-body.js';
import type { ServerDeps } from './server-deps.js';
import type { ServerEnv } from './server-env.js';

const Reason = z.string().trim().min(1).max(500);
const Percent = z.number().min(0).max(100);
const StageBody = z.strictObject({ stage: z.enum(ROLLOUT_STAGES), reason: Reason.optional() });
const StartBody = z.strictObject({
  kind: z.enum(CHANGE_KINDS as [string, ...string[]]),
  candidate: z.string().trim().min(1).max(200),
  stable: z.string().trim().min(1).max(200).optional(),
  percent: Percent,
  min_candidate_runs: z.number().int().min(1).max(100_000).optional(),
  margin: z.number().min(0).lt(1).optional(),
});
const PercentBody = z.strictObject({ percent: Percent });
const RollbackBody = z.strictObject({ reason: Reason.optional() });
const TenantQuery = z.strictObject({ tenant: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/, 'a tenant id').optional(), since_id: z.coerce.number().int().min(0).optional() });

type Principal = { tenant: string; role: string; name: string; keyId: string };

/**
 * Staged rollouts (docs/rollout.md): a tenant's stage and its change under canary. A tenant's admin acts
 * on its own tenant; `?tenant=` naming another needs a `platform_admin` key. Every write is audited
 * in the tenant's rollout history (`GET /v1/rollouts/events`).
 */
export function rolloutRoutes(deps: ServerDeps): Hono<ServerEnv> {
  const app = new Hono<ServerEnv>();
  app.use('/rollouts', requireRole('admin'));
  app.use('/rollouts/*', requireRole('admin'));
  const actions = (): RolloutActions => {
    if (!deps.rollouts) throw new ApiError('not_found', 'staged rollouts are not enabled on this server');
    return deps.rollouts;
  };
  const target = (c: { req: { query(): Record<string, string> }; get(key: 'principal'): Principal }) => {
    const parsed = TenantQuery.safeParse(c.req.query());
    if (!parsed.success) throw new ApiError('bad_request', `invalid query: ${parsed.error.issues.map((i) => `${i.path.join('.') || 'query'}: ${i.message}${i.code === 'unrecognized_keys' ? ` (${i.keys.join(', ')})` : ''}`).join('; ')}`);
    const principal = c.get('principal');
    const tenant = parsed.data.tenant ?? principal.tenant;
    if (tenant !== principal.tenant && principal.role !== 'platform_admin') throw new ApiError('forbidden', `another tenant's rollout needs a platform_admin key; this ${principal.role} key acts on tenant ${principal.tenant}`);
    return { tenant, by: `${principal.name} (${principal.keyId})`, sinceId: parsed.data.since_id };
  };

  app.get('/rollouts', async (c) => c.json(await actions().status(target(c).tenant)));

  app.get('/rollouts/events', async (c) => {
    const { tenant, sinceId } = target(c);
    return c.json({ tenant, events: await actions().events(tenant, sinceId) });
  });

  app.put('/rollouts/stage', async (c) => {
    const { tenant, by } = target(c);
    const body = await readJsonBody(c, StageBody);
    return c.json({ tenant, ...(await actions().setStage(tenant, body.stage, by, body.reason)) });
  });

  app.post('/rollouts', async (c) => {
    const { tenant, by } = target(c);
    const body = await readJsonBody(c, StartBody);
    const rule = { ...(body.min_candidate_runs !== undefined && { minCandidateRuns: body.min_candidate_runs }), ...(body.margin !== undefined && { margin: body.margin }) };
    const change = await actions().start(tenant, { kind: body.kind as (typeof CHANGE_KINDS)[number], candidate: body.candidate, percent: body.percent, rule, ...(body.stable && { stable: body.stable }) }, by);
    return c.json(change, 201);
  });

  app.put('/rollouts/percent', async (c) => {
    const { tenant, by } = target(c);
    const body = await readJsonBody(c, PercentBody);
    return c.json(await actions().setPercent(tenant, body.percent, by));
  });

  app.post('/rollouts/promote', async (c) => {
    const { tenant, by } = target(c);
    return c.json(await actions().promote(tenant, by));
  });

  app.post('/rollouts/rollback', async (c) => {
    const { tenant, by } = target(c);
    // The reason is optional, so is the body (Hono keeps the text for readJsonBody's second read).
    const body = (await c.req.text()).trim() === '' ? {} : await readJsonBody(c, RollbackBody);
    return c.json(await actions().rollback(tenant, by, body.reason));
  });

  return app;
}
