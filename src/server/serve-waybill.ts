import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import type { Logger } from '../mcp/stderr-logger.js';
import { createStderrLogger } from '../mcp/stderr-logger.js';
import { PACKAGE_VERSION } from '../mcp/index.js';
import type { JobQueue } from '../queue/index.js';
import { registerQueueMetrics } from '../queue/index.js';
import { registerStoredRunMetrics } from './stored-run-metrics.js';
import type { OpenNamedRuntimeOptions, Runtime, RuntimeName } from '../runtimes/index.js';
import type { TargetChooser } from '../rollout/index.js';
import type { RolloutActions, RolloutWriteFailure } from '../rollout/index.js';
import { openRolloutPool, routedRuntime, tenantEndpointChooser } from '../rollout/index.js';
import { runLeaseMs } from '../runtimes/core/run-lease.js';
import { startRecoveryLoop } from './recovery-loop.js';
import type { AuditEvent, RunRecord } from '../telemetry/index.js';
import { createRunTracer } from '../telemetry/tracing.js';
import { LiveRuns, protocolJobRuntime, startProtocolSweep } from './agent-protocol/index.js';
import { ApprovalWebhooks } from './approval-webhooks.js';
import { createServerApp } from './create-server-app.js';
import { InFlightRuns } from './in-flight-runs.js';
import { ServerMetrics } from './server-metrics.js';
import { openServerStores } from './open-server-stores.js';

export interface ServeWaybillOptions {
  dbPath: string;
  /** Default 127.0.0.1: reachable only from this machine unless the operator says otherwise. */
  host?: string;
  /** Default 8787; 0 picks a free port. */
  port?: number;
  /** Base of the links in approval webhooks. Default `http://<host>:<port>`. */
  publicUrl?: string;
  log?: Logger;
  env?: NodeJS.ProcessEnv;
  /** Which runtime serves the runs. Default `langgraph`. */
  runtimeName?: RuntimeName;
  /** Passed to the runtime (tests give a scripted model, limits). */
  runtime?: Omit<OpenNamedRuntimeOptions, 'dbPath' | 'onRunFinished'>;
  /** Choose each run's target after the rollout's own chooser (docs/rollout.md): a tenant's own model endpoint. */
  choosers?: readonly TargetChooser[];
  /** `serve --queue`: runs and decided approvals are queued for `waybill worker`s; `/metrics` reports the queue. Closed by the caller. */
  queue?: JobQueue;
}

export interface RunningWaybill {
  url: string;
  close(): Promise<void>;
}

/**
 * Opens the runtime on `dbPath` with metrics, approval webhooks and (when OTLP is configured) traces
 * observing every run, and serves the app. `close()` stops accepting requests, lets background runs and
 * webhook deliveries finish, flushes spans and closes the stores.
 */
export async function serveWaybill(options: ServeWaybillOptions): Promise<RunningWaybill> {
  const { dbPath, host = '127.0.0.1', port = 8787, log = createStderrLogger() } = options;
  // The server's own stores live where every other store does (the SQLite file or PostgreSQL); they
  // open before the runtime so an unusable database is reported before anything runs.
  const stores = await openServerStores(dbPath);
  const { webhookStore, keys, protocol, endpoints, dailyBudget } = stores;
  const metrics = new ServerMetrics();
  const { queue } = options;
  if (queue) registerQueueMetrics(metrics.registry, () => queue.stats());
  const tracer = createRunTracer({ ...(options.env && { env: options.env }), serviceVersion: PACKAGE_VERSION });
  let url = options.publicUrl ?? '';
  const webhooks = new ApprovalWebhooks({ store: webhookStore, publicUrl: () => url, log });
  const onRunFinished = (record: RunRecord, events: readonly AuditEvent[]) => {
    // Each observer on its own: one failing must not keep the others from seeing the run.
    for (const observe of [metrics.observe.bind(metrics), webhooks.observe.bind(webhooks), tracer?.observe.bind(tracer)]) {
      try {
        observe?.(record, events);
      } catch (error) {
        log.warn('run observer failed', { run_id: record.run_id, error: error instanceof Error ? error.message : String(error) });
      }
    }
  };
  // A run not counted for its arm could leave a failing candidate in canary: said, counted, and tried again.
  const onRolloutFailure = (failure: RolloutWriteFailure) => {
    metrics.rolloutWriteFailed(failure.tenant);
    log.error('rollout outcome not recorded; tried again with the next run', { run_id: failure.runId, tenant: failure.tenant, change_id: failure.changeId, error: failure.error, pending: failure.pending, dropped: failure.dropped });
  };
  let opened: Runtime;
  let rollouts: RolloutActions;
  try {
    // Each run goes to the runtime of its target: the tenant's stage and change under rollout, then any other chooser, then the tenant's own model endpoint, if any (docs/rollout.md).
    const routed = await openRolloutPool({ dbPath, base: { key: 'base', runtimeName: options.runtimeName ?? 'langgraph', options: options.runtime ?? {} }, onRunFinished, onRolloutFailure, choosers: [...(options.choosers ?? []), tenantEndpointChooser(endpoints)], resumeChoosers: [tenantEndpointChooser(endpoints)] });
    opened = routedRuntime(routed.pool);
    rollouts = routed.actions;
  } catch (error) {
    await stores.close();
    throw error;
  }
  registerStoredRunMetrics(metrics.registry, opened.runs);
  const liveRuns = new LiveRuns();
  // On PostgreSQL a run's events stored by any process wake this one's followers at once; polling stays the fallback.
  const quiet = (error: Error) => log.warn('agent protocol notifications stopped; streams poll the store', { error: error.message });
  const stopListening = await protocol.listen?.((runId) => liveRuns.wake(runId), quiet).catch((error: unknown) => {
    quiet(error instanceof Error ? error : new Error(String(error)));
    return undefined;
  });
  const runner = { store: protocol, live: liveRuns, log };
  const leaseMs = runLeaseMs(options.env);
  // Runs a stopped process left (a killed ask, approve, serve or worker) are finished here: now, and
  // every lease period; an Agent Protocol run among them streams as it finishes.
  const recovery = startRecoveryLoop(protocolJobRuntime(opened, runner), log, leaseMs);
  const protocolSweep = startProtocolSweep(runner, opened.runs, leaseMs);
  const inFlight = new InFlightRuns();
  const app = createServerApp({ opened, keys, webhooks: webhookStore, dailyBudget, metrics, inFlight, log, protocol, liveRuns, rollouts, endpoints, ...(queue && { queue }) });
  return new Promise((resolve, reject) => {
    const server = serve({ fetch: app.fetch, hostname: host, port }, (info: AddressInfo) => {
      const shownHost = info.family === 'IPv6' ? `[${info.address}]` : info.address;
      const own = `http://${shownHost}:${info.port}`;
      url ||= own;
      resolve({
        url: own,
        close: async () => {
          await new Promise<void>((done) => server.close(() => done()));
          await recovery.stop();
          await protocolSweep.stop();
          await inFlight.idle();
          await liveRuns.idle();
          await stopListening?.();
          await webhooks.idle();
          await tracer?.shutdown();
          await opened.close();
          await stores.close();
        },
      });
    });
    server.once('error', (error) => {
      void Promise.all([recovery.stop(), protocolSweep.stop(), stopListening?.()])
        .then(() => opened.close())
        .finally(() => stores.close())
        .finally(() => reject(error));
    });
  });
}
