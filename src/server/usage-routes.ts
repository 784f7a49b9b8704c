import { Hono } from 'hono';
import { parseUsageWindow, tenantUsageReport } from '../telemetry/tenant-usage-report.js';
import { ApiError } from './api-error.js';
import { requireRole } from './authenticate.js';
import type { ServerDeps } from './server-deps.js';
import type { ServerEnv } from './server-env.js';

const PARAMS = new Set(['since', 'until', 'days', 'tenant']);

/**
 * `GET /v1/usage`: the per-tenant usage report (runs, tokens, cost, approvals, stops by reason, per UTC
 * day) of the key's tenant; a `platform_admin` key sees every tenant, or one with `?tenant=`.
 */
export function usageRoutes(deps: ServerDeps): Hono<ServerEnv> {
  const app = new Hono<ServerEnv>();
  app.get('/usage', requireRole('admin'), async (c) => {
    const query = c.req.query();
    const unknown = Object.keys(query).filter((key) => !PARAMS.has(key));
    if (unknown.length > 0) throw new ApiError('bad_request', `unknown query parameter ${unknown.join(', ')}; /v1/usage takes ${[...PARAMS].join(', ')}`);
    const { tenant, role } = c.get('principal');
    if (query.tenant !== undefined && query.tenant !== tenant && role !== 'platform_admin') throw new ApiError('forbidden', "another tenant's usage needs a platform_admin key");
    const window = parseUsageWindow(query, new Date());
    if ('problem' in window) throw new ApiError('bad_request', window.problem);
    const scope = role === 'platform_admin' ? query.tenant : tenant;
    return c.json(await tenantUsageReport({ runs: deps.opened.runs, approvals: deps.opened.domain.approvals }, { ...window, tenant: scope }));
  });
  return app;
}
