import { openDomainStore } from '../../domain/index.js';
import { IN_PROCESS_CALLER, openInProcessBoundary, privateKey, serveHttp, silentLogger } from '../../mcp/index.js';
import { loadModelConfig, OFFLINE_PLANNER_MODEL, serveOracle } from '../../models/index.js';
import { openControlStore } from '../../policy/index.js';
import { openRunStore } from '../../telemetry/index.js';
import type { OpenRuntimeOptions, Runtime } from '../core/index.js';
import { AdkRuntime } from './adk-runtime.js';
import { buildWorkflow } from './build-workflow.js';
import { OpenAICompatibleLlm } from './openai-compatible-llm.js';
import { silenceAdk } from './silence-adk.js';

export type OpenAdkOptions = OpenRuntimeOptions;

/** The ADK runtime, opened: the kernel's `Runtime` plus the workflow (for structural tests). */
export interface OpenedAdkRuntime extends Runtime {
  runtime: AdkRuntime;
  workflow: ReturnType<typeof buildWorkflow>;
}

const OPENAI_BASE_URL = 'https://api.openai.com/v1';

/**
 * Opens the ADK runtime on one SQLite file. ADK's `MCPToolset` connects over stdio or Streamable HTTP
 * only (no in-memory transport), and opens a session per tool listing and per call, so the Waybill MCP
 * server is served on a free loopback port for as long as the runtime is open.
 */
export async function openAdkRuntime(options: OpenAdkOptions): Promise<OpenedAdkRuntime> {
  if (options.model !== undefined) throw new TypeError('the adk runtime takes a chat-completions `endpoint`, not a `model` object');
  silenceAdk();
  const domain = await openDomainStore({ path: options.dbPath });
  const runs = await openRunStore(options.dbPath);
  const controls = await openControlStore(options.dbPath);
  // The loopback server (tool listing) is this process's alone: a one-off key, like any HTTP caller presents.
  const access = privateKey(IN_PROCESS_CALLER);
  const mcpHttp = await serveHttp({ store: domain, controls, logger: silentLogger, port: 0, verifyKey: access.verifyKey });
  const boundary = openInProcessBoundary({ runtime: 'adk', store: domain, controls, ...(options.now && { now: options.now }) });
  const configured = options.endpoint ?? (options.offline || options.planner ? undefined : loadModelConfig().main);
  const oracle = configured ? undefined : await serveOracle({ port: 0, ...(options.planner && { planner: options.planner }) });
  // Served by the oracle, the run is priced as the offline planner (free), whatever name the client sends.
  const endpoint = configured ? { ...configured, baseUrl: configured.baseUrl ?? OPENAI_BASE_URL } : { model: OFFLINE_PLANNER_MODEL, baseUrl: oracle?.baseUrl ?? '' };
  const workflow = buildWorkflow({ model: new OpenAICompatibleLlm(endpoint), mcpUrl: mcpHttp.url, mcpHeaders: access.headers, boundary, modelName: endpoint.model });
  const runtime = new AdkRuntime({
    workflow,
    runs,
    controls,
    boundary,
    ...(options.policy && { policy: options.policy }),
    ...(options.limits && { limits: options.limits }),
    ...(options.rateLimit && { rateLimit: options.rateLimit }),
    ...(options.maxConcurrentToolCalls !== undefined && { maxConcurrentToolCalls: options.maxConcurrentToolCalls }),
    ...(options.resilience && { resilience: options.resilience }),
    ...(options.prices && { prices: options.prices }),
    ...(options.proof && { proof: options.proof }),
    ...(options.now && { now: options.now }),
    ...(options.newId && { newId: options.newId }),
    ...(options.onRunFinished && { onRunFinished: options.onRunFinished }),
  });
  return {
    name: 'adk',
    modelName: endpoint.model,
    runtime,
    workflow,
    domain,
    controls,
    runs,
    ask: (request) => runtime.ask(request),
    state: (threadId) => runtime.state(threadId),
    decide: (threadId, decision, options) => runtime.decide(threadId, decision, options),
    recover: (threadId) => runtime.recover(threadId),
    close: async () => {
      await boundary.close();
      await mcpHttp.close();
      await oracle?.close();
      await Promise.all([runs.close(), controls.close(), domain.close()]);
    },
  };
}
