import { createStderrLogger } from '../mcp/stderr-logger.js';
import { openJobQueue, openTenantSlots, queueSettingsFromEnv, QueueSettingsError, runQueueFor, startQueueWorker } from '../queue/index.js';
import type { RuntimeName } from '../runtimes/index.js';
import { UsageError } from './usage-error.js';

export interface RunQueueWorkerOptions {
  url: string;
  concurrency: number;
  tenantLimit: number;
  runtimeName: RuntimeName;
}

/** Opens the runtime, the queue and the tenant slots, works until SIGTERM/SIGINT, then closes everything and exits 0. */
export async function runQueueWorker(options: RunQueueWorkerOptions): Promise<void> {
  const { url, concurrency, tenantLimit, runtimeName } = options;
  const logger = createStderrLogger();
  // The handlers are in place before anything opens, so a SIGTERM during start-up or right after
  // "worker started" is never Node's default (exit at once): the worker stops once it has started.
  // Kept (not `once`) for the whole shutdown: a second SIGTERM or Ctrl-C while the jobs in hand
  // finish must not fall back to it either.
  const stopped = new Promise<void>((resolve) => {
    let stopping = false;
    const stop = (signal: string) => {
      if (stopping) return;
      stopping = true;
      logger.info('worker stopping', { signal });
      resolve();
    };
    process.on('SIGTERM', () => stop('SIGTERM'));
    process.on('SIGINT', () => stop('SIGINT'));
  });
  let settings;
  try {
    settings = queueSettingsFromEnv(url);
  } catch (error) {
    if (error instanceof QueueSettingsError) throw new UsageError(error.message);
    throw error;
  }
  const { openRolloutPool, routedRuntime, tenantEndpointChooser } = await import('../rollout/index.js');
  const { openTenantEndpoints } = await import('../models/credentials/open-tenant-endpoints.js');
  const endpoints = await openTenantEndpoints(url);
  // Each job's run goes to its target and is judged for rollback (docs/rollout.md), as in the service; a tenant's own model endpoint, if any.
  const runtime = routedRuntime((await openRolloutPool({ dbPath: url, base: { key: 'base', runtimeName, options: {} }, choosers: [tenantEndpointChooser(endpoints)], resumeChoosers: [tenantEndpointChooser(endpoints)] })).pool);
  const queue = await openJobQueue(url, { settings, runtime: runtimeName, supervise: true, logger });
  const slots = await openTenantSlots(url, { schema: settings.schema, limit: tenantLimit, leaseSeconds: settings.leaseSeconds });
  // Agent Protocol runs a serve queued are streamed from here: their events go to the shared store (docs/agent-protocol.md).
  const { LiveRuns, openProtocolStore, protocolJobRuntime } = await import('../server/agent-protocol/index.js');
  const protocol = await openProtocolStore(url);
  const streaming = protocolJobRuntime(runtime, { store: protocol, live: new LiveRuns(), log: logger });
  const worker = startQueueWorker({ queue, slots, runtime: streaming, concurrency, logger });
  // As the service does: runs a dead process left in flight (an intent whose job was never queued) are finished here too.
  const { runLeaseMs } = await import('../runtimes/core/run-lease.js');
  const { startRecoveryLoop } = await import('../server/recovery-loop.js');
  const recovery = startRecoveryLoop(streaming, logger, runLeaseMs());
  logger.info('worker started', { pid: process.pid, concurrency, tenant_concurrency: tenantLimit, runtime: runtimeName, model: runtime.modelName, queue: runQueueFor(runtimeName), queue_schema: settings.schema, lease_seconds: settings.leaseSeconds });
  console.error(`waybill worker: taking jobs, ${concurrency} at a time (SIGTERM or Ctrl-C stops after the jobs in hand)`);
  await stopped;
  await Promise.all([worker.stop(), recovery.stop()]);
  await Promise.allSettled([queue.close(), slots.close(), runtime.close(), protocol.close(), endpoints.close()]);
  logger.info('worker stopped', { pid: process.pid });
  process.exit(0);
}
