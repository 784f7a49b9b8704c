import type { BaseChatModelCallOptions, BindToolsInput } from '@langchain/core/language_models/chat_models';
import { BaseChatModel } from '@langchain/core/language_models/chat_models';
import type { BaseMessage } from '@langchain/core/messages';
import { AIMessage } from '@langchain/core/messages';
import type { ChatResult } from '@langchain/core/outputs';
import { convertToOpenAITool } from '@langchain/core/utils/function_calling';
import type { OfferedTool } from '../offline-planner/index.js';
import { OFFLINE_PLANNER_MODEL, planNextMessage } from '../offline-planner/index.js';
import type { ChatPlanner } from '../oracle/create-oracle-app.js';
import { countCompletionTokens, countPromptTokens } from '../tokens/token-counter.js';
import { toChatMessages } from './to-chat-messages.js';

export interface OfflinePlannerCallOptions extends BaseChatModelCallOptions {
  tools?: OfferedTool[];
  /** As OpenAI reads it: `false` asks for at most one tool call per reply. */
  parallel_tool_calls?: boolean;
}

/**
 * The offline planner as a LangChain chat model, so a LangGraph agent runs with no key and no network.
 * When the planner does not understand, the reply says so and `response_metadata.waybill_not_understood`
 * is true: the runtime ends the run with `not_understood` instead of presenting it as an answer.
 */
export class OfflinePlannerChatModel extends BaseChatModel<OfflinePlannerCallOptions> {
  readonly #planner: ChatPlanner;

  /** `planner`: what answers, default the offline planner (tests pass a script). */
  constructor(options: { planner?: ChatPlanner } = {}) {
    super({});
    this.#planner = options.planner ?? planNextMessage;
  }

  static override lc_name(): string {
    return 'OfflinePlannerChatModel';
  }

  _llmType(): string {
    return 'waybill-offline-planner';
  }

  override bindTools(tools: BindToolsInput[], kwargs?: Partial<OfflinePlannerCallOptions>) {
    const offered = tools.map((tool) => convertToOpenAITool(tool) as unknown as OfferedTool);
    return this.withConfig({ ...kwargs, tools: offered });
  }

  async _generate(messages: BaseMessage[], options: this['ParsedCallOptions']): Promise<ChatResult> {
    const chat = toChatMessages(messages);
    const tools = options.tools ?? [];
    const reply = this.#planner(chat, tools, options.parallel_tool_calls === false ? { parallelToolCalls: false } : {});
    const content = reply.kind === 'tool_calls' ? '' : reply.content;
    const toolCalls = reply.kind === 'tool_calls' ? reply.toolCalls : [];
    const input = countPromptTokens(chat, tools);
    const output = countCompletionTokens({ content, tool_calls: toolCalls });
    const message = new AIMessage({
      content,
      tool_calls: toolCalls.map((call) => ({ id: call.id, name: call.function.name, args: JSON.parse(call.function.arguments) as Record<string, unknown>, type: 'tool_call' as const })),
      usage_metadata: { input_tokens: input, output_tokens: output, total_tokens: input + output },
      response_metadata: {
        model_name: OFFLINE_PLANNER_MODEL,
        finish_reason: toolCalls.length > 0 ? 'tool_calls' : 'stop',
        waybill_not_understood: reply.kind === 'not_understood',
      },
    });
    return { generations: [{ text: content, message }] };
  }
}
