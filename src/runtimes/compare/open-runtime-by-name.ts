import type { ModelEndpoint } from '../../models/index.js';
import type { RunRecord } from '../../telemetry/index.js';
import type { AskRequest } from '../langgraph/index.js';
import type { RuntimeName } from './runtime-name.js';

/** One runtime, opened: ask it, then close it. */
export interface AnyRuntime {
  name: RuntimeName;
  ask(request: AskRequest): Promise<RunRecord>;
  close(): Promise<void>;
}

export interface OpenByNameOptions {
  dbPath: string;
  /** Default: the environment's model, or the offline planner (see each runtime's `open…`). */
  endpoint?: ModelEndpoint & { baseUrl: string };
  /**
   * LangGraph only: offer `search_policies` as the default runtime does. Off for the comparison, so all
   * three runtimes show their workers exactly the same domain tools.
   */
  knowledge?: boolean;
}

/** Opens the named runtime; each framework is loaded only when asked for. */
export async function openRuntimeByName(name: RuntimeName, options: OpenByNameOptions): Promise<AnyRuntime> {
  if (name === 'openai-agents') {
    const { openOpenAIAgentsRuntime } = await import('../openai-agents/index.js');
    const opened = await openOpenAIAgentsRuntime({ dbPath: options.dbPath, ...(options.endpoint && { endpoint: options.endpoint }) });
    return { name, ask: (request) => opened.runtime.ask(request), close: () => opened.close() };
  }
  if (name === 'adk') {
    const { openAdkRuntime } = await import('../adk/index.js');
    const opened = await openAdkRuntime({ dbPath: options.dbPath, ...(options.endpoint && { endpoint: options.endpoint }) });
    return { name, ask: (request) => opened.runtime.ask(request), close: () => opened.close() };
  }
  const { openLangGraphForComparison } = await import('./open-langgraph-for-comparison.js');
  return openLangGraphForComparison(options);
}
