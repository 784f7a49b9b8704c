import type { Logger } from '../mcp/stderr-logger.js';
import type { DailyBudgetStore } from '../policy/index.js';
import type { JobQueue } from '../queue/index.js';
import type { RolloutActions } from '../rollout/index.js';
import type { Runtime } from '../runtimes/index.js';
import type { LiveRuns } from './agent-protocol/live-runs.js';
import type { ProtocolStore } from './agent-protocol/protocol-store.js';
import type { ApiKeyStore } from './api-key-store.js';
import type { InFlightRuns } from './in-flight-runs.js';
import type { ServerMetrics } from './server-metrics.js';
import type { WebhookStore } from './webhook-store.js';

/** What the route modules share: the opened runtime and the server's own stores. */
export interface ServerDeps {
  opened: Runtime;
  keys: ApiKeyStore;
  webhooks: WebhookStore;
  /** Tenants' daily budgets as charged per model call: what `usage_today` reports. */
  dailyBudget: DailyBudgetStore;
  metrics: ServerMetrics;
  inFlight: InFlightRuns;
  log: Logger;
  newId: () => string;
  /** Agent Protocol threads, checkpoints and runs (docs/agent-protocol.md). */
  protocol: ProtocolStore;
  /** Agent Protocol runs of this process and their events, for streaming and rejoining. */
  liveRuns: LiveRuns;
  /** `serve --queue`: runs and decided approvals go to workers through this queue. */
  queue?: JobQueue;
  /** Staged rollouts (`/v1/rollouts`, docs/rollout.md); absent: those routes answer 404. */
  rollouts?: RolloutActions;
}
