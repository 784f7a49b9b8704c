import { Hono } from 'hono';
import type { ControlSnapshot } from '../policy/index.js';
import { GLOBAL_SCOPE } from '../policy/index.js';
import { ApiError } from './api-error.js';
import { requireRole } from './authenticate.js';
import { readJsonBody } from './read-json-body.js';
import { BudgetBody, SwitchBody, TOOL_NAMES, ToolSwitchBody, WebhookBody } from './request-schemas.js';
import type { ServerDeps } from './server-deps.js';
import type { ServerEnv } from './server-env.js';

const view = (s: ControlSnapshot) => ({ killed: s.killed, tenant_disabled: s.tenantDisabled, read_only: s.readOnly, disabled_tools: [...s.disabledTools].sort() });

/**
 * Operator switches (admin role). They are rows in the shared control store, which every run reads
 * before each step, so a change lands on the next step of runs already in flight, in any process.
 * `scope: "global"` applies to every tenant and needs a `platform_admin` key; the default is the key's own tenant.
 */
export function adminRoutes(deps: ServerDeps): Hono<ServerEnv> {
  const app = new Hono<ServerEnv>();
  const { controls } = deps.opened;
  const { dailyBudget } = deps;
  app.use('/admin/*', requireRole('admin'));

  const by = (c: { get(key: 'principal'): { name: string; keyId: string } }) => `${c.get('principal').name} (${c.get('principal').keyId})`;
  // A switch for every tenant is the operator of operators' alone; a tenant's admin flips its own tenant's.
  const scopeOf = (scope: 'tenant' | 'global', principal: { tenant: string; role: string }) => {
    if (scope !== 'global') return principal.tenant;
    if (principal.role !== 'platform_admin') throw new ApiError('forbidden', `a switch with scope "global" applies to every tenant and needs a platform_admin key; this ${principal.role} key may flip its own tenant's (scope "tenant")`);
    return GLOBAL_SCOPE;
  };

  app.get('/admin/switches', async (c) => {
    const { tenant } = c.get('principal');
    const day = new Date().toISOString().slice(0, 10);
    const [global, effective, limits, finished, charged, held] = await Promise.all([controls.snapshot(GLOBAL_SCOPE), controls.snapshot(tenant), controls.dailyLimits(tenant), controls.usage(tenant, day), dailyBudget.spend(tenant, day), dailyBudget.held(tenant, day)]);
    const target = await deps.webhooks.target(tenant);
    return c.json({
      tenant,
      global: view(global),
      tenant_effective: view(effective),
      tools: TOOL_NAMES,
      budget: { max_tokens_per_day: limits.maxTokensPerDay ?? null, max_usd_per_day: limits.maxUsdPerDay ?? null },
      // The daily budget's own figures (issue 37): what the limits above are enforced on, call by call,
      // so they move while runs are in flight; runs are counted when they finish.
      usage_today: { day, tokens: charged.tokens, usd: charged.usd, calls: charged.calls, held, runs_finished: finished.runs },
      webhook: target ? { url: target.url } : null,
    });
  });

  app.put('/admin/kill', async (c) => {
    const body = await readJsonBody(c, SwitchBody);
    const scope = scopeOf(body.scope, c.get('principal'));
    await controls.setSwitch({ kind: 'kill', scope }, body.on, { by: by(c), ...(body.reason && { reason: body.reason }) });
    return c.json({ switch: 'kill', scope, on: body.on });
  });

  app.put('/admin/read-only', async (c) => {
    const body = await readJsonBody(c, SwitchBody);
    const scope = scopeOf(body.scope, c.get('principal'));
    await controls.setSwitch({ kind: 'read_only', scope }, body.on, { by: by(c), ...(body.reason && { reason: body.reason }) });
    return c.json({ switch: 'read_only', scope, on: body.on });
  });

  app.put('/admin/tools/:tool', async (c) => {
    const tool = c.req.param('tool');
    if (!(TOOL_NAMES as readonly string[]).includes(tool)) throw new ApiError('not_found', `no tool ${tool}; tools: ${TOOL_NAMES.join(', ')}`);
    const body = await readJsonBody(c, ToolSwitchBody);
    const scope = scopeOf(body.scope, c.get('principal'));
    await controls.setSwitch({ kind: 'tool_disabled', scope, tool }, !body.enabled, { by: by(c), ...(body.reason && { reason: body.reason }) });
    return c.json({ tool, scope, enabled: body.enabled });
  });

  app.put('/admin/budget', async (c) => {
    const body = await readJsonBody(c, BudgetBody);
    const { tenant } = c.get('principal');
    await controls.setDailyLimits(tenant, { ...(body.max_tokens_per_day !== null && { maxTokensPerDay: body.max_tokens_per_day }), ...(body.max_usd_per_day !== null && { maxUsdPerDay: body.max_usd_per_day }) });
    return c.json({ tenant, ...body });
  });

  // The secret is returned once, here; the receiver needs it to verify signatures.
  app.put('/admin/webhook', async (c) => {
    const body = await readJsonBody(c, WebhookBody);
    const target = await deps.webhooks.setTarget(c.get('principal').tenant, body.url);
    return c.json({ url: target.url, secret: target.secret });
  });

  app.delete('/admin/webhook', async (c) => {
    if (!(await deps.webhooks.removeTarget(c.get('principal').tenant))) throw new ApiError('not_found', 'no webhook is configured for this tenant');
    return c.body(null, 204);
  });

  return app;
}
