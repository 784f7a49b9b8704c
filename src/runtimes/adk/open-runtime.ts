import { policySearchTool } from '../../knowledge/index.js';
import { IN_PROCESS_CALLER, privateKey, silentLogger } from '../../mcp/index.js';
import { serveHttp } from '../../mcp/serve-http.js';
import type { OpenRuntimeOptions, PortContext, RunKernel, Runtime } from '../core/index.js';
import { chatEndpoint, openedRuntime, openKernel } from '../core/index.js';
import { AdkPort } from './adk-port.js';
import { buildWorkflow } from './build-workflow.js';
import { OpenAICompatibleLlm } from './openai-compatible-llm.js';
import { silenceAdk } from './silence-adk.js';

/** The ADK runtime, opened: the kernel over its port (the workflow, for structural tests). */
export type OpenedAdkRuntime = Runtime & { runtime: RunKernel & { readonly port: AdkPort }; workflow: ReturnType<typeof buildWorkflow> };

const OPENAI_BASE_URL = 'https://api.openai.com/v1';

/**
 * Opens the ADK runtime on one database. ADK's `MCPToolset` connects over stdio or Streamable HTTP only
 * (no in-memory transport), and opens a session per tool listing and per call, so the Waybill MCP
 * server is served on a free loopback port for listing while the runtime is open; the calls themselves
 * go through the kernel's tool gate and the in-process session, as the run's tenant and the worker.
 */
export async function openAdkRuntime(options: OpenRuntimeOptions): Promise<OpenedAdkRuntime> {
  if (options.model !== undefined) throw new TypeError('the adk runtime takes a chat-completions `endpoint`, not a `model` object');
  silenceAdk();
  const kernel = (await openKernel('adk', options, openAdkPort)) as RunKernel & { readonly port: AdkPort };
  return openedRuntime(kernel, { workflow: kernel.port.workflow });
}

async function openAdkPort({ stores, boundary, models, options }: PortContext<OpenRuntimeOptions>): Promise<AdkPort> {
  // The loopback server (tool listing) is this process's alone: a one-off key, like any HTTP caller presents.
  const access = privateKey(IN_PROCESS_CALLER);
  const mcpHttp = await serveHttp({ store: stores.domain, controls: stores.controls, searchPolicies: policySearchTool(stores.knowledge), logger: silentLogger, port: 0, verifyKey: access.verifyKey });
  const served = await chatEndpoint(models, options.planner);
  const withBase = <E extends { baseUrl?: string | undefined }>(endpoint: E) => ({ ...endpoint, baseUrl: endpoint.baseUrl ?? OPENAI_BASE_URL });
  const endpoint = withBase(served.endpoint);
  const model = new OpenAICompatibleLlm(endpoint, { fallbacks: models.fallbacks.map(withBase) });
  const knowledge = options.knowledge ?? true;
  const workflow = buildWorkflow({ model, mcpUrl: mcpHttp.url, mcpHeaders: access.headers, boundary, modelName: endpoint.model, knowledge });
  const close = async () => {
    await mcpHttp.close();
    await served.close();
  };
  return new AdkPort({ workflow, modelName: endpoint.model, close });
}
