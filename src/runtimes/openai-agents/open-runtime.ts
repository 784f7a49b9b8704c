import { setTracingDisabled } from '@openai/agents';
import { openDomainStore } from '../../domain/index.js';
import { openInProcessBoundary } from '../../mcp/index.js';
import type { ModelEndpoint } from '../../models/index.js';
import { loadModelConfig, OFFLINE_PLANNER_MODEL, serveOracle } from '../../models/index.js';
import { openControlStore } from '../../policy/index.js';
import { openRunStore } from '../../telemetry/index.js';
import type { OpenRuntimeOptions, Runtime } from '../core/index.js';
import { buildManager } from './build-manager.js';
import { chatCompletionsModel } from './chat-completions-model.js';
import type { ListedTool } from './mcp-function-tools.js';
import { OpenAIAgentsRuntime } from './openai-agents-runtime.js';
import { openPauseStore } from './pause-store.js';

export interface OpenOpenAIAgentsOptions extends OpenRuntimeOptions {
  maxTurns?: number;
}

/** The OpenAI Agents runtime, opened: the kernel's `Runtime` plus the manager agent (for structural tests). */
export interface OpenedOpenAIAgentsRuntime extends Runtime {
  runtime: OpenAIAgentsRuntime;
  manager: ReturnType<typeof buildManager>;
}

/**
 * Opens the OpenAI Agents runtime on one database (SQLite file or PostgreSQL): stores, one in-process MCP session to the domain
 * server, and the model: the configured endpoint, else the offline planner (or `planner`) served by an
 * oracle on a free loopback port for as long as the runtime is open. Close it when done.
 */
export async function openOpenAIAgentsRuntime(options: OpenOpenAIAgentsOptions): Promise<OpenedOpenAIAgentsRuntime> {
  if (options.model !== undefined) throw new TypeError('the openai-agents runtime takes a chat-completions `endpoint`, not a `model` object');
  setTracingDisabled(true);
  const domain = await openDomainStore({ path: options.dbPath });
  const runs = await openRunStore(options.dbPath);
  const pauses = await openPauseStore(options.dbPath);
  const controls = await openControlStore(options.dbPath);
  const boundary = openInProcessBoundary({ runtime: 'openai-agents', store: domain, controls, ...(options.now && { now: options.now }) });
  const configured = options.endpoint ?? (options.offline || options.planner ? undefined : loadModelConfig().main);
  const oracle = configured ? undefined : await serveOracle({ port: 0, ...(options.planner && { planner: options.planner }) });
  // Served by the oracle, the run is priced as the offline planner (free), whatever name the client sends.
  const endpoint: ModelEndpoint = configured ?? { model: OFFLINE_PLANNER_MODEL, baseUrl: oracle?.baseUrl ?? '' };
  const tools = await boundary.listTools();
  const manager = buildManager({ model: chatCompletionsModel(endpoint, { ...(options.maxRetries !== undefined && { maxRetries: options.maxRetries }) }), modelName: endpoint.model, boundary, listed: tools as ListedTool[] });
  const runtime = new OpenAIAgentsRuntime({
    manager,
    runs,
    pauses,
    controls,
    boundary,
    ...(options.policy && { policy: options.policy }),
    ...(options.limits && { limits: options.limits }),
    ...(options.rateLimit && { rateLimit: options.rateLimit }),
    ...(options.maxConcurrentToolCalls !== undefined && { maxConcurrentToolCalls: options.maxConcurrentToolCalls }),
    ...(options.resilience && { resilience: options.resilience }),
    ...(options.prices && { prices: options.prices }),
    ...(options.proof && { proof: options.proof }),
    ...(options.maxTurns !== undefined && { maxTurns: options.maxTurns }),
    ...(options.now && { now: options.now }),
    ...(options.newId && { newId: options.newId }),
    ...(options.onRunFinished && { onRunFinished: options.onRunFinished }),
  });
  return {
    name: 'openai-agents',
    modelName: endpoint.model,
    runtime,
    manager,
    domain,
    controls,
    runs,
    ask: (request) => runtime.ask(request),
    state: (threadId) => runtime.state(threadId),
    decide: (threadId, decision, options) => runtime.decide(threadId, decision, options),
    recover: (threadId) => runtime.recover(threadId),
    close: async () => {
      await boundary.close();
      await oracle?.close();
      await pauses.close();
      await Promise.all([runs.close(), controls.close(), domain.close()]);
    },
  };
}
