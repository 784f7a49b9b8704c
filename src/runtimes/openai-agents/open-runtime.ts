import { setTracingDisabled } from '@openai/agents';
import type { OpenRuntimeOptions, PortContext, RunKernel, Runtime } from '../core/index.js';
import { chatEndpoint, openedRuntime, openKernel } from '../core/index.js';
import { buildManager } from './build-manager.js';
import { chatCompletionsModel } from './chat-completions-model.js';
import { FallbackModel } from './fallback-model.js';
import type { ListedTool } from './mcp-function-tools.js';
import type { AgentsPause } from './openai-agents-port.js';
import { OpenAIAgentsPort } from './openai-agents-port.js';
import { openPauseStore } from './pause-store.js';

/** The OpenAI Agents runtime's own options, beside the kernel's. */
export interface OpenOpenAIAgentsOptions extends OpenRuntimeOptions {
  /** Model turns per agent run before `max_steps`. Default 10. */
  maxTurns?: number;
}

/** The OpenAI Agents runtime, opened: the kernel over its port (the manager agent, for structural tests). */
export type OpenedOpenAIAgentsRuntime = Runtime & { runtime: RunKernel<AgentsPause> & { readonly port: OpenAIAgentsPort }; manager: OpenAIAgentsPort['manager'] };

/**
 * Opens the OpenAI Agents runtime on one database (SQLite file or PostgreSQL): the kernel's stores and
 * MCP session, the pause store, and the model with its fallbacks: the configured endpoint, else the
 * offline planner (or `planner`) served by an oracle on a free loopback port while the runtime is open.
 */
export async function openOpenAIAgentsRuntime(options: OpenOpenAIAgentsOptions): Promise<OpenedOpenAIAgentsRuntime> {
  if (options.model !== undefined) throw new TypeError('the openai-agents runtime takes a chat-completions `endpoint`, not a `model` object');
  setTracingDisabled(true);
  const kernel = (await openKernel('openai-agents', options, openAgentsPort)) as RunKernel<AgentsPause> & { readonly port: OpenAIAgentsPort };
  return openedRuntime(kernel, { manager: kernel.port.manager });
}

async function openAgentsPort({ boundary, models, options }: PortContext<OpenOpenAIAgentsOptions>): Promise<OpenAIAgentsPort> {
  const served = await chatEndpoint(models, options.planner);
  const pauses = await openPauseStore(options.dbPath);
  const { endpoint } = served;
  const retries = { ...(models.maxRetries !== undefined && { maxRetries: models.maxRetries }) };
  const model = chatCompletionsModel(endpoint, retries);
  const fallbacks = models.fallbacks.map((fallback) => chatCompletionsModel(fallback, { maxRetries: models.config.maxRetries }));
  // Knowledge search is listed by the boundary; it is offered (to the workers its grants allow) unless switched off.
  const listed = (await boundary.listTools()).filter((tool) => options.knowledge !== false || tool.name !== 'search_policies');
  const manager = buildManager({ model: fallbacks.length > 0 ? new FallbackModel([model, ...fallbacks]) : model, modelName: endpoint.model, boundary, listed: listed as ListedTool[] });
  const close = async () => {
    await served.close();
    await pauses.close();
  };
  return new OpenAIAgentsPort({ manager, modelName: endpoint.model, pauses, maxTurns: options.maxTurns ?? 10, close });
}
