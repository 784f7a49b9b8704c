import { join } from 'node:path';
import type { Hono } from 'hono';
import type { OpenNamedRuntimeOptions, Runtime, RuntimeName } from '../runtimes/index.js';
import { RUNTIME_NAMES } from '../runtimes/index.js';
import type { RolloutActions, RolloutStore, VersionCatalog } from '../rollout/index.js';
import { openRolloutPool, routedRuntime } from '../rollout/index.js';
import { makeTempDir } from '../testing/temp-dir.js';
import { ownShipments } from '../testing/own-shipments.js';
import type { ProtocolStore } from './agent-protocol/index.js';
import { LiveRuns, openProtocolStore } from './agent-protocol/index.js';
import { openApiKeyStore } from './open-api-key-store.js';
import { ApprovalWebhooks } from './approval-webhooks.js';
import { createServerApp } from './create-server-app.js';
import { InFlightRuns } from './in-flight-runs.js';
import type { ServerEnv } from './server-env.js';
import { ServerMetrics } from './server-metrics.js';
import { openWebhookStore } from './open-webhook-store.js';
import { openTenantEndpoints } from '../models/index.js';
import type { DailyBudgetStore } from '../policy/index.js';
import { openDailyBudgetStore } from '../policy/index.js';
import { silentLogger } from '../mcp/stderr-logger.js';

/** Every runtime the service can serve, for `describe.each(SERVED_RUNTIMES)`. */
export const SERVED_RUNTIMES: readonly RuntimeName[] = RUNTIME_NAMES;

/** What a test server takes: the runtime (default `langgraph`) and its options. */
export interface TestServerOptions {
  runtimeName?: RuntimeName;
  runtime?: Partial<Omit<OpenNamedRuntimeOptions, 'dbPath' | 'onRunFinished'>>;
  publicUrl?: () => string;
  /** How rollout versions map to targets (default: the build's catalog). */
  catalog?: VersionCatalog;
}

/** A server over a fresh database with keys for tenant `acme` (every role; it owns the fixture shipments TTN-000001 to 014), `globex` (operator, admin; it owns TTN-000015 and 016) and an operator of operators. */
export interface TestServer {
  app: Hono<ServerEnv>;
  opened: Runtime;
  metrics: ServerMetrics;
  webhooks: ApprovalWebhooks;
  inFlight: InFlightRuns;
  liveRuns: LiveRuns;
  protocol: ProtocolStore;
  rollouts: RolloutActions;
  rolloutStore: RolloutStore;
  /** The tenants' daily budgets the server reads (the runtime charges the same tables). */
  dailyBudget: DailyBudgetStore;
  keys: { viewer: string; operator: string; admin: string; globex: string; globexAdmin: string; platform: string };
  dbPath: string;
  /** `app.request` with a key and a JSON body. */
  call(method: string, path: string, options?: { key?: string; body?: unknown; rawBody?: string; headers?: Record<string, string> }): Promise<Response>;
  close(): Promise<void>;
}

export async function openTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const runtimeName = options.runtimeName ?? 'langgraph';
  const temp = makeTempDir();
  const dbPath = join(temp.dir, 'waybill.db');
  const metrics = new ServerMetrics();
  const webhookStore = await openWebhookStore(dbPath);
  const webhooks = new ApprovalWebhooks({ store: webhookStore, publicUrl: options.publicUrl ?? (() => 'http://127.0.0.1:1'), log: silentLogger, timeoutMs: 2000 });
  // The offline planner whatever the environment configures; LangGraph's model settings are its own
  // option. Tests that give a slow endpoint (a run still in flight when it is cancelled) need a timeout
  // well above its latency on a loaded machine, or the run ends model_error instead.
  const model: Partial<OpenNamedRuntimeOptions> = runtimeName === 'langgraph' ? { modelConfig: { fallbacks: [], temperature: 0.1, timeoutMs: 10_000, maxRetries: 0 } } : { offline: true };
  // As serve opens it: a runtime pool routed by each tenant's stage and change under rollout.
  const routed = await openRolloutPool({
    dbPath,
    base: { key: 'base', runtimeName, options: { ...model, ...options.runtime } },
    onRunFinished: (record, events) => {
      metrics.observe(record, events);
      webhooks.observe(record, events);
    },
    ...(options.catalog && { catalog: options.catalog }),
  });
  const opened = routedRuntime(routed.pool);
  // The default tenant's fixture shipments belong to `acme` here (globex keeps its own): tenancy is
  // checked at the boundary, so the tenant the keys act as must own what it acts on.
  ownShipments(dbPath, 'acme', ...Array.from({ length: 14 }, (_, i) => `TTN-${String(i + 1).padStart(6, '0')}`));
  const keyStore = await openApiKeyStore(dbPath);
  const make = async (tenant: string, role: 'viewer' | 'operator' | 'admin' | 'platform_admin') => (await keyStore.create({ tenant, role, name: `${tenant}-${role}` })).key;
  const keys = {
    viewer: await make('acme', 'viewer'), operator: await make('acme', 'operator'), admin: await make('acme', 'admin'),
    globex: await make('globex', 'operator'), globexAdmin: await make('globex', 'admin'), platform: await make('ops', 'platform_admin'),
  };
  const inFlight = new InFlightRuns();
  const protocol = await openProtocolStore(dbPath);
  const liveRuns = new LiveRuns();
  const endpoints = await openTenantEndpoints(dbPath);
  const dailyBudget = await openDailyBudgetStore(dbPath);
  const app = createServerApp({ opened, keys: keyStore, webhooks: webhookStore, dailyBudget, metrics, inFlight, protocol, liveRuns, rollouts: routed.actions, endpoints });
  return {
    app,
    opened,
    rollouts: routed.actions,
    rolloutStore: routed.rollouts,
    dailyBudget,
    metrics,
    webhooks,
    inFlight,
    liveRuns,
    protocol,
    keys,
    dbPath,
    call: (method, path, o = {}) => {
      const headers: Record<string, string> = { ...o.headers };
      if (o.key) headers.authorization = `Bearer ${o.key}`;
      const body = o.rawBody ?? (o.body === undefined ? undefined : JSON.stringify(o.body));
      if (body !== undefined) headers['content-type'] ??= 'application/json';
      return Promise.resolve(app.request(path, { method, headers, ...(body !== undefined && { body }) }));
    },
    close: async () => {
      await inFlight.idle();
      await liveRuns.idle();
      await webhooks.idle();
      await opened.close();
      await keyStore.close();
      await protocol.close();
      await endpoints.close();
      await dailyBudget.close();
      await webhookStore.close();
      temp.cleanup();
    },
  };
}
