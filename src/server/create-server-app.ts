import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { requestId } from 'hono/request-id';
import { opaqueRequestId } from './opaque-request-id.js';
import { consoleRoutes } from '../console/index.js';
import type { Logger } from '../mcp/stderr-logger.js';
import { silentLogger } from '../mcp/stderr-logger.js';
import { PACKAGE_VERSION } from '../mcp/index.js';
import type { JobQueue } from '../queue/index.js';
import type { RolloutActions } from '../rollout/index.js';
import type { Runtime } from '../runtimes/index.js';
import { rolloutRoutes } from './rollout-routes.js';
import { adminRoutes } from './admin-routes.js';
import { modelEndpointRoutes } from './model-endpoint-routes.js';
import type { TenantEndpoints } from '../models/index.js';
import type { DailyBudgetStore } from '../policy/index.js';
import { usageRoutes } from './usage-routes.js';
import type { ProtocolStore } from './agent-protocol/index.js';
import { agentProtocolRoutes, LiveRuns } from './agent-protocol/index.js';
import { ApiError } from './api-error.js';
import type { ApiKeyStore } from './api-key-store.js';
import { approvalRoutes } from './approval-routes.js';
import { authenticate, requireRole } from './authenticate.js';
import { InFlightRuns } from './in-flight-runs.js';
import { linkRoutes } from './link-routes.js';
import { runRoutes } from './run-routes.js';
import type { ServerDeps } from './server-deps.js';
import type { ServerEnv } from './server-env.js';
import type { ServerMetrics } from './server-metrics.js';
import { toApiError } from './to-api-error.js';
import type { WebhookStore } from './webhook-store.js';

export interface ServerAppOptions {
  opened: Runtime;
  keys: ApiKeyStore;
  webhooks: WebhookStore;
  /** Tenants' daily budgets as charged per model call (`openDailyBudgetStore(dbPath)`), read by `GET /v1/admin/switches`. */
  dailyBudget: DailyBudgetStore;
  /** Fed by the runtime's `onRunFinished`; rendered at `/metrics`. */
  metrics: ServerMetrics;
  /** Agent Protocol threads and runs (`await openProtocolStore(dbPath)`). */
  protocol: ProtocolStore;
  /** Agent Protocol runs of this process; pass one to await them on shutdown. */
  liveRuns?: LiveRuns;
  /** Background runs (`"wait": false`); pass one to await them on shutdown. */
  inFlight?: InFlightRuns;
  log?: Logger;
  /** Largest request body under `/v1` in bytes. Default 64 KiB. */
  maxBodyBytes?: number;
  newId?: () => string;
  /** With a run queue (`serve --queue`), runs and decided approvals are queued for workers instead of run here. */
  queue?: JobQueue;
  /** Tenants' own model endpoints; without it `/v1/admin/model-endpoint` is not served. */
  endpoints?: TenantEndpoints;
  /** Staged rollouts of this server's runtime pool (`openRolloutPool(...).actions`). */
  rollouts?: RolloutActions;
}

/**
 * The Waybill HTTP service as a Hono app: `/v1` API (Bearer API keys, roles, tenant scoping), one-time
 * webhook links, `/healthz`, `/metrics`, the operator console at `/console` and the LangGraph Agent
 * Protocol at the root (`/threads`, `/runs`, `/assistants`, `/info`, `/ok`). Test it in-process
 * with `app.request(...)`; serve it with `serveWaybill`.
 *
 * @example
 * const app = createServerApp({ opened, keys, webhooks, metrics, protocol });
 * const res = await app.request('/v1/runs', { headers: { authorization: `Bearer ${key}` } });
 */
export function createServerApp(options: ServerAppOptions): Hono<ServerEnv> {
  const { maxBodyBytes = 64 * 1024 } = options;
  const deps: ServerDeps = {
    opened: options.opened,
    keys: options.keys,
    webhooks: options.webhooks,
    dailyBudget: options.dailyBudget,
    metrics: options.metrics,
    inFlight: options.inFlight ?? new InFlightRuns(),
    log: options.log ?? silentLogger,
    newId: options.newId ?? randomUUID,
    protocol: options.protocol,
    liveRuns: options.liveRuns ?? new LiveRuns(),
    ...(options.queue && { queue: options.queue }),
    ...(options.rollouts && { rollouts: options.rollouts }),
  };
  const app = new Hono<ServerEnv>();
  // A caller's X-Request-Id is kept only when it is opaque (it is stored with runs and audit events and
  // sent in webhooks); otherwise a new one is made. limitLength 0 sends every request to the generator.
  app.use(requestId({ limitLength: 0, generator: (c) => opaqueRequestId(c.req.header('X-Request-Id')) ?? `req-${randomUUID()}` }));
  app.onError((error, c) => {
    const known = toApiError(error);
    if (known) return c.json(known.toBody(), known.status);
    deps.log.error('request failed', { request_id: c.get('requestId'), path: c.req.path, error: error instanceof Error ? error.message : String(error) });
    return c.json(new ApiError('internal', `unexpected error; the server log has it under request id ${c.get('requestId')}`).toBody(), 500);
  });
  app.notFound((c) => c.json(new ApiError('not_found', `no route ${c.req.method} ${c.req.path}`).toBody(), 404));

  app.get('/healthz', (c) => c.json({ status: 'ok', version: PACKAGE_VERSION }));
  // A tenant's admin sees that tenant only; the cross-tenant view takes the operator-of-operators role.
  app.get('/metrics', authenticate(deps.keys), requireRole('admin'), async (c) => {
    const { tenant, role } = c.get('principal');
    const { text, contentType } = await deps.metrics.render(role === 'platform_admin' ? {} : { tenant });
    return c.body(text, 200, { 'content-type': contentType });
  });
  app.get('/', (c) => c.redirect('/console'));
  app.route('/', consoleRoutes());

  app.use(
    '/v1/*',
    bodyLimit({
      maxSize: maxBodyBytes,
      onError: () => {
        throw new ApiError('body_too_large', `the request body is over the limit of ${maxBodyBytes} bytes`);
      },
    }),
  );
  // Registered before the API-key middleware: a link's token is its own credential.
  app.route('/v1', linkRoutes(deps));
  const api = new Hono<ServerEnv>();
  api.use('*', authenticate(deps.keys));
  api.get('/me', (c) => {
    const { tenant, role, name, keyId } = c.get('principal');
    return c.json({ tenant, role, name, key_id: keyId });
  });
  api.route('/', runRoutes(deps));
  api.route('/', approvalRoutes(deps));
  api.route('/', adminRoutes(deps));
  if (options.endpoints) api.route('/', modelEndpointRoutes(options.endpoints));
  api.route('/', usageRoutes(deps));
  api.route('/', rolloutRoutes(deps));
  app.route('/v1', api);
  // The Agent Protocol at the root, where LangGraph clients look for it (docs/agent-protocol.md).
  app.route('/', agentProtocolRoutes(deps, maxBodyBytes));
  return app;
}
