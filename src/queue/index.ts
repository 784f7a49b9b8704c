export { openJobQueue } from './job-queue.js';
export { queueDecision } from './queue-decision.js';
export type { JobQueue, SqlExecutor } from './job-queue.js';
export { runQueueFor } from './queue-jobs.js';
export { QueueSettingsError, queueSchemaFor, queueSettingsFromEnv } from './queue-settings.js';
export { registerQueueMetrics } from './queue-metrics.js';
export { startQueueWorker } from './queue-worker.js';
export { openTenantSlots } from './tenant-slots.js';
