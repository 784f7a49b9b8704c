import type { ModelConfig, ModelEndpoint } from '../../models/index.js';
import { loadModelConfig, OFFLINE_PLANNER_MODEL, serveOracle } from '../../models/index.js';
import type { OpenRuntimeOptions } from './open-runtime-options.js';

/** The models a runtime runs on: the main one (none: the offline planner) and the fallbacks tried in order when it fails. */
export interface ModelChoice {
  config: ModelConfig;
  main: ModelEndpoint | undefined;
  fallbacks: readonly ModelEndpoint[];
  /** Retries of a failed call of the main model, when the caller set them. */
  maxRetries: number | undefined;
}

const OFFLINE: ModelConfig = { fallbacks: [], temperature: 0, timeoutMs: 60_000, maxRetries: 0 };

/**
 * The same choice on every runtime: `modelConfig`, else the offline planner when asked for (or a
 * scripted planner is given), else the environment's configuration (docs/models.md). An explicit
 * `endpoint` replaces the main model and has no fallbacks.
 */
export function chooseModels(options: Pick<OpenRuntimeOptions, 'modelConfig' | 'offline' | 'planner' | 'endpoint' | 'maxRetries'>): ModelChoice {
  const config = options.modelConfig ?? (options.offline || options.planner ? OFFLINE : loadModelConfig());
  return { config, main: options.endpoint ?? config.main, fallbacks: options.endpoint ? [] : config.fallbacks, maxRetries: options.maxRetries };
}

/**
 * The chat-completions endpoint a framework that calls the model over HTTP uses: the chosen one, else
 * the offline planner (or `planner`) served by an oracle on a free loopback port until `close`.
 */
export async function chatEndpoint(models: ModelChoice, planner: OpenRuntimeOptions['planner']): Promise<{ endpoint: ModelEndpoint; close(): Promise<void> }> {
  if (models.main) return { endpoint: models.main, close: async () => undefined };
  const oracle = await serveOracle({ port: 0, ...(planner && { planner }) });
  // Served by the oracle, the run is priced as the offline planner (free), whatever name the client sends.
  return { endpoint: { model: OFFLINE_PLANNER_MODEL, baseUrl: oracle.baseUrl }, close: () => oracle.close() };
}
