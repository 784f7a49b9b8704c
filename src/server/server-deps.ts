import type { Logger } from '../mcp/stderr-logger.js';
import type { Runtime } from '../runtimes/index.js';
import type { SqliteApiKeyStore } from './api-key-store.js';
import type { InFlightRuns } from './in-flight-runs.js';
import type { ServerMetrics } from './server-metrics.js';
import type { SqliteWebhookStore } from './webhook-store.js';

/** What the route modules share: the opened runtime and the server's own stores. */
export interface ServerDeps {
  opened: Runtime;
  keys: SqliteApiKeyStore;
  webhooks: SqliteWebhookStore;
  metrics: ServerMetrics;
  inFlight: InFlightRuns;
  log: Logger;
  newId: () => string;
}
