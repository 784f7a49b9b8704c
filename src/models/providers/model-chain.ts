import type { BaseChatModel } from '@langchain/core/language_models/chat_models';
import type { AIMessage, BaseMessage } from '@langchain/core/messages';
import type { StructuredToolInterface } from '@langchain/core/tools';
import type { ModelConfig, ModelEndpoint } from '../config/model-config.js';
import { createChatModel } from './create-chat-model.js';
import type { FailedAttempt } from './model-call-error.js';
import { ModelCallError } from './model-call-error.js';

/** A tool as a chat model is offered it: a LangChain tool or an OpenAI function definition. */
export type OfferedModelTool = StructuredToolInterface | Record<string, unknown>;

export interface ChainReply {
  message: AIMessage;
  /** Which endpoint answered: the main model, or a fallback. */
  model: string;
  fallbackUsed: boolean;
}

interface Candidate {
  name: string;
  model: BaseChatModel;
}

/**
 * The main model and its fallbacks, tried in order; each candidate retries on its own first. When all
 * fail the call throws ModelCallError('model_error') with what each one answered.
 */
export class ModelChain {
  readonly #candidates: readonly Candidate[];

  constructor(candidates: readonly Candidate[]) {
    if (candidates.length === 0) throw new ModelCallError('model_unavailable', [], 'model_unavailable: no model configured');
    this.#candidates = candidates;
  }

  /** From configuration: main first, then the fallbacks. Throws model_unavailable when no model is set. */
  static fromConfig(config: ModelConfig, main: ModelEndpoint | undefined = config.main): ModelChain {
    const endpoints = main ? [main, ...config.fallbacks] : [];
    return new ModelChain(endpoints.map((endpoint) => ({ name: endpoint.model, model: createChatModel(endpoint, config) })));
  }

  get models(): string[] {
    return this.#candidates.map((c) => c.name);
  }

  async invoke(messages: BaseMessage[], options: { tools?: OfferedModelTool[]; signal?: AbortSignal } = {}): Promise<ChainReply> {
    const attempts: FailedAttempt[] = [];
    for (const [index, candidate] of this.#candidates.entries()) {
      try {
        const runnable = options.tools && options.tools.length > 0 && candidate.model.bindTools ? candidate.model.bindTools(options.tools) : candidate.model;
        const message = (await runnable.invoke(messages, { ...(options.signal && { signal: options.signal }) })) as AIMessage;
        return { message, model: candidate.name, fallbackUsed: index > 0 };
      } catch (error) {
        if (options.signal?.aborted) throw error;
        attempts.push(describeFailure(candidate.name, error));
      }
    }
    throw new ModelCallError('model_error', attempts);
  }
}

function describeFailure(model: string, error: unknown): FailedAttempt {
  const status = (error as { status?: unknown }).status;
  const message = error instanceof Error ? error.message.split('\n')[0] ?? error.name : String(error);
  return { model, message: message.slice(0, 300), ...(typeof status === 'number' && { status }) };
}
