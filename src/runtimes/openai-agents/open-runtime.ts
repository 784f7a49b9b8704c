import { setTracingDisabled } from '@openai/agents';
import { SqliteDomainStore } from '../../domain/index.js';
import { connectInMemory } from '../../mcp/index.js';
import type { ModelEndpoint } from '../../models/index.js';
import { loadModelConfig, serveOracle } from '../../models/index.js';
import type { DomainPolicy } from '../../policy/index.js';
import { DEFAULT_DOMAIN_POLICY, SqliteControlStore } from '../../policy/index.js';
import { SqliteRunStore } from '../../telemetry/index.js';
import { buildManager } from './build-manager.js';
import { chatCompletionsModel } from './chat-completions-model.js';
import type { ListedTool } from './mcp-function-tools.js';
import { OpenAIAgentsRuntime } from './openai-agents-runtime.js';
import { PauseStore } from './pause-store.js';

export interface OpenOpenAIAgentsOptions {
  /** The shared SQLite file (domain, runs, pauses); `:memory:` keeps everything private to the process. */
  dbPath: string;
  /**
   * The chat-completions endpoint. Default: the environment's model (docs/models.md); with none, the
   * offline planner served by an oracle on a free loopback port for as long as the runtime is open.
   */
  endpoint?: ModelEndpoint;
  policy?: DomainPolicy;
  maxTurns?: number;
  /** Retries of a failed model call (429, 5xx, connection); default 2. */
  maxRetries?: number;
  now?: () => Date;
  newId?: () => string;
}

export interface OpenedOpenAIAgentsRuntime {
  runtime: OpenAIAgentsRuntime;
  /** The manager agent (for structural tests and tools that draw it). */
  manager: ReturnType<typeof buildManager>;
  domain: SqliteDomainStore;
  runs: SqliteRunStore;
  modelName: string;
  close(): Promise<void>;
}

/**
 * Opens the OpenAI Agents runtime on one SQLite file: stores, one in-process MCP session to the
 * domain server, and the model. Close it when done.
 */
export async function openOpenAIAgentsRuntime(options: OpenOpenAIAgentsOptions): Promise<OpenedOpenAIAgentsRuntime> {
  setTracingDisabled(true);
  const domain = SqliteDomainStore.open(options.dbPath);
  const runs = SqliteRunStore.open(options.dbPath);
  const pauses = PauseStore.open(options.dbPath);
  const controls = SqliteControlStore.open(options.dbPath);
  const mcp = await connectInMemory({ store: domain, controls, ...(options.now && { now: options.now }) });
  const configured = options.endpoint ?? loadModelConfig().main;
  const oracle = configured ? undefined : await serveOracle({ port: 0 });
  const endpoint: ModelEndpoint = configured ?? { model: 'gpt-4.1', baseUrl: oracle?.baseUrl ?? '' };
  const { tools } = await mcp.client.listTools();
  const manager = buildManager({ model: chatCompletionsModel(endpoint, { ...(options.maxRetries !== undefined && { maxRetries: options.maxRetries }) }), mcp: mcp.client, listed: tools as ListedTool[], policy: options.policy ?? DEFAULT_DOMAIN_POLICY });
  const runtime = new OpenAIAgentsRuntime({
    manager,
    runs,
    pauses,
    controls,
    modelName: endpoint.model,
    ...(options.policy && { policy: options.policy }),
    ...(options.maxTurns !== undefined && { maxTurns: options.maxTurns }),
    ...(options.now && { now: options.now }),
    ...(options.newId && { newId: options.newId }),
  });
  return {
    runtime,
    manager,
    domain,
    runs,
    modelName: endpoint.model,
    close: async () => {
      await mcp.close();
      await oracle?.close();
      pauses.close();
      await Promise.all([runs.close(), controls.close(), domain.close()]);
    },
  };
}
