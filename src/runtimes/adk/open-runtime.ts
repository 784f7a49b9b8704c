import { SqliteDomainStore } from '../../domain/index.js';
import { IN_PROCESS_CALLER, privateKey, serveHttp, silentLogger } from '../../mcp/index.js';
import type { ModelEndpoint } from '../../models/index.js';
import { loadModelConfig, serveOracle } from '../../models/index.js';
import type { DomainPolicy } from '../../policy/index.js';
import { DEFAULT_DOMAIN_POLICY, SqliteControlStore } from '../../policy/index.js';
import { SqliteRunStore } from '../../telemetry/index.js';
import { AdkRuntime } from './adk-runtime.js';
import { buildWorkflow } from './build-workflow.js';
import { OpenAICompatibleLlm } from './openai-compatible-llm.js';
import { silenceAdk } from './silence-adk.js';

export interface OpenAdkOptions {
  /** The shared SQLite file (domain and runs); `:memory:` keeps everything private to the process. */
  dbPath: string;
  /**
   * The chat-completions endpoint. Default: the environment's model (docs/models.md); with none, the
   * offline planner served by an oracle on a free loopback port for as long as the runtime is open.
   */
  endpoint?: ModelEndpoint & { baseUrl?: string };
  policy?: DomainPolicy;
  now?: () => Date;
  newId?: () => string;
}

export interface OpenedAdkRuntime {
  runtime: AdkRuntime;
  workflow: ReturnType<typeof buildWorkflow>;
  domain: SqliteDomainStore;
  runs: SqliteRunStore;
  modelName: string;
  close(): Promise<void>;
}

const OPENAI_BASE_URL = 'https://api.openai.com/v1';

/**
 * Opens the ADK runtime on one SQLite file. ADK's `MCPToolset` connects over stdio or Streamable HTTP
 * only (no in-memory transport), and opens a session per tool listing and per call, so the Waybill MCP
 * server is served on a free loopback port for as long as the runtime is open.
 */
export async function openAdkRuntime(options: OpenAdkOptions): Promise<OpenedAdkRuntime> {
  silenceAdk();
  const domain = SqliteDomainStore.open(options.dbPath);
  const runs = SqliteRunStore.open(options.dbPath);
  const controls = SqliteControlStore.open(options.dbPath);
  // The loopback server is this process's alone: a one-off key, like any HTTP caller must present.
  const access = privateKey(IN_PROCESS_CALLER);
  const mcp = await serveHttp({ store: domain, controls, logger: silentLogger, port: 0, verifyKey: access.verifyKey });
  const configured = options.endpoint ?? loadModelConfig().main;
  const oracle = configured ? undefined : await serveOracle({ port: 0 });
  const endpoint = configured ? { ...configured, baseUrl: configured.baseUrl ?? OPENAI_BASE_URL } : { model: 'gpt-4.1', baseUrl: oracle?.baseUrl ?? '' };
  const workflow = buildWorkflow({ model: new OpenAICompatibleLlm(endpoint), mcpUrl: mcp.url, mcpHeaders: access.headers, policy: options.policy ?? DEFAULT_DOMAIN_POLICY });
  const runtime = new AdkRuntime({ workflow, runs, controls, modelName: endpoint.model, ...(options.now && { now: options.now }), ...(options.newId && { newId: options.newId }) });
  return {
    runtime,
    workflow,
    domain,
    runs,
    modelName: endpoint.model,
    close: async () => {
      await mcp.close();
      await oracle?.close();
      await Promise.all([runs.close(), controls.close(), domain.close()]);
    },
  };
}
