import { BaseChatModel } from '@langchain/core/language_models/chat_models';
import { openLangGraphRuntime } from '../runtimes/langgraph/index.js';
import type { ModelConfig } from '../models/index.js';
import type { EvalOpenOptions, EvalRuntime, EvalSession } from './eval-runtime.js';

// No main model: the offline planner serves.
const OFFLINE_CONFIG: ModelConfig = { fallbacks: [], temperature: 0, timeoutMs: 60_000, maxRetries: 0 };

/** The LangGraph.js runtime as the evals drive it: a fresh in-memory database per session by default. */
export const langGraphEvalRuntime: EvalRuntime = {
  name: 'langgraph',
  async open(options: EvalOpenOptions = {}): Promise<EvalSession> {
    if (options.model !== undefined && !(options.model instanceof BaseChatModel)) throw new TypeError('the langgraph eval runtime takes a LangChain chat model');
    const opened = await openLangGraphRuntime({
      dbPath: options.dbPath ?? ':memory:',
      ...(options.model instanceof BaseChatModel && { model: options.model }),
      ...(options.offline && { modelConfig: OFFLINE_CONFIG }),
    });
    return {
      ask: (request) => opened.runtime.ask({ input: request.input, threadId: request.threadId, ...(request.tenant && { tenant: request.tenant }) }),
      decide: (threadId, decision) => opened.runtime.decide(threadId, decision),
      events: (runId) => opened.runs.listEvents(runId),
      domain: opened.domain,
      modelName: opened.modelName,
      close: () => opened.close(),
    };
  },
};
