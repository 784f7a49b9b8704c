import type { BaseChatModelCallOptions, BindToolsInput } from '@langchain/core/language_models/chat_models';
import { BaseChatModel } from '@langchain/core/language_models/chat_models';
import type { BaseMessage } from '@langchain/core/messages';
import { AIMessage } from '@langchain/core/messages';
import type { ChatResult } from '@langchain/core/outputs';
import { offeredToolName } from '../models/replay/request-fingerprint.js';

interface ScriptedOptions extends BaseChatModelCallOptions {
  tools?: BindToolsInput[];
}

/** What a scripted turn returns: text, tool calls, or both. */
interface ScriptedTurn {
  content?: string;
  toolCalls?: Array<{ name: string; args: Record<string, unknown> }>;
}

/** Decides the next turn from the conversation and the names of the offered tools. */
export type Script = (messages: readonly BaseMessage[], toolNames: readonly string[]) => ScriptedTurn;

/**
 * A chat model that answers from the conversation by a script: safe under concurrent runs (it keeps
 * no queue), and able to misbehave on purpose (call a tool it was not given, follow an injection).
 */
export class ScriptedChatModel extends BaseChatModel<ScriptedOptions> {
  readonly #script: Script;
  calls = 0;

  constructor(script: Script) {
    super({});
    this.#script = script;
  }

  _llmType(): string {
    return 'waybill-scripted';
  }

  override bindTools(tools: BindToolsInput[], kwargs?: Partial<ScriptedOptions>) {
    return this.withConfig({ ...kwargs, tools });
  }

  async _generate(messages: BaseMessage[], options: this['ParsedCallOptions']): Promise<ChatResult> {
    this.calls += 1;
    const turn = this.#script(messages, (options.tools ?? []).map(offeredToolName));
    const message = new AIMessage({
      content: turn.content ?? '',
      tool_calls: (turn.toolCalls ?? []).map((call, index) => ({ id: `scripted_${this.calls}_${index}`, name: call.name, args: call.args, type: 'tool_call' as const })),
      usage_metadata: { input_tokens: 10, output_tokens: 5, total_tokens: 15 },
      response_metadata: { model_name: 'scripted' },
    });
    return { generations: [{ text: turn.content ?? '', message }] };
  }
}
