import type { BaseChatModelCallOptions, BindToolsInput } from '@langchain/core/language_models/chat_models';
import { BaseChatModel } from '@langchain/core/language_models/chat_models';
import type { AIMessage, BaseMessage } from '@langchain/core/messages';
import type { ChatResult } from '@langchain/core/outputs';
import type { RunRecorder } from './run-recorder.js';
import type { RunReplayer } from './run-replayer.js';

interface ToolCallOptions extends BaseChatModelCallOptions {
  tools?: BindToolsInput[];
}

const textOf = (message: AIMessage): string => (typeof message.content === 'string' ? message.content : '');

/** Wraps any chat model and records each request and reply. */
export class RecordingChatModel extends BaseChatModel<ToolCallOptions> {
  readonly #inner: BaseChatModel;
  readonly #recorder: RunRecorder;
  readonly #modelName: string;

  constructor(inner: BaseChatModel, recorder: RunRecorder, modelName: string) {
    super({});
    this.#inner = inner;
    this.#recorder = recorder;
    this.#modelName = modelName;
  }

  _llmType(): string {
    return 'waybill-recording';
  }

  override bindTools(tools: BindToolsInput[], kwargs?: Partial<ToolCallOptions>) {
    return this.withConfig({ ...kwargs, tools });
  }

  async _generate(messages: BaseMessage[], options: this['ParsedCallOptions']): Promise<ChatResult> {
    const tools = options.tools ?? [];
    if (tools.length > 0 && !this.#inner.bindTools) throw new Error(`${this.#modelName} cannot call tools`);
    const runnable = tools.length > 0 && this.#inner.bindTools ? this.#inner.bindTools(tools) : this.#inner;
    const reply = (await runnable.invoke(messages)) as AIMessage;
    this.#recorder.recordModel(messages, tools, this.#modelName, reply);
    return { generations: [{ text: textOf(reply), message: reply }] };
  }
}

/** Answers from a recording, offline and deterministically; throws ReplayDivergenceError on a new request. */
export class ReplayChatModel extends BaseChatModel<ToolCallOptions> {
  readonly #replayer: RunReplayer;

  constructor(replayer: RunReplayer) {
    super({});
    this.#replayer = replayer;
  }

  _llmType(): string {
    return 'waybill-replay';
  }

  override bindTools(tools: BindToolsInput[], kwargs?: Partial<ToolCallOptions>) {
    return this.withConfig({ ...kwargs, tools });
  }

  async _generate(messages: BaseMessage[], options: this['ParsedCallOptions']): Promise<ChatResult> {
    const { reply } = this.#replayer.nextModel(messages, options.tools ?? []);
    return { generations: [{ text: textOf(reply), message: reply }] };
  }
}
