import type { OpenRuntimeOptions, Runtime } from './core/index.js';
import type { OpenLangGraphOptions } from './langgraph/index.js';
import type { RuntimeName } from './runtime-name.js';

/** What `openRuntime` takes: the kernel's options, plus LangGraph's own when that runtime is named. */
export type OpenNamedRuntimeOptions = OpenRuntimeOptions & Pick<OpenLangGraphOptions, 'delegation' | 'maxParallelDelegations'>;

/**
 * The one way to open a runtime by name, for the CLI, the HTTP service, evals, exercises and compare:
 * the kernel on the stores of `dbPath`, over the named framework's port. Each framework is loaded only
 * when asked for. Throws TypeError for an option the runtime cannot honour.
 * @example
 * const runtime = await openRuntime('openai-agents', { dbPath: 'waybill.db' });
 * try { console.log((await runtime.ask({ input: 'Де TTN-000001?' })).answer); } finally { await runtime.close(); }
 */
export async function openRuntime(name: RuntimeName, options: OpenNamedRuntimeOptions): Promise<Runtime> {
  const { delegation, maxParallelDelegations, ...common } = options;
  if (name === 'langgraph') return (await import('./langgraph/index.js')).openLangGraphRuntime(options as OpenLangGraphOptions);
  const extra = Object.entries({ delegation, maxParallelDelegations }).find(([, value]) => value !== undefined);
  if (extra) throw new TypeError(`the ${name} runtime does not take \`${extra[0]}\` (a LangGraph option)`);
  if (name === 'openai-agents') return (await import('./openai-agents/index.js')).openOpenAIAgentsRuntime(common);
  return (await import('./adk/index.js')).openAdkRuntime(common);
}
