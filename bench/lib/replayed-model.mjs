// The measured model: completions recorded beforehand in another process (record-completions.mjs),
// replayed here with their recorded token usage, so no planning and no token counting runs in the
// measured process. Tools are converted to OpenAI's wire format on bindTools, as a provider client
// does. `latencyMs` waits that long before answering (a remote model; zero = answer at once).
import { BaseChatModel } from '@langchain/core/language_models/chat_models';
import { AIMessage } from '@langchain/core/messages';
import { convertToOpenAITool } from '@langchain/core/utils/function_calling';
import { completionKey } from './completion-key.mjs';

export function newMeter() {
  return { calls: 0, promptTokens: 0, completionTokens: 0 };
}

export class ReplayedModel extends BaseChatModel {
  constructor({ completions, latencyMs = 0, meter = newMeter() }) {
    super({});
    this.completions = completions;
    this.latencyMs = latencyMs;
    this.meter = meter;
  }

  _llmType() {
    return 'waybill-bench-replay';
  }

  reset() {
    Object.assign(this.meter, newMeter());
  }

  bindTools(tools, kwargs) {
    return this.withConfig({ ...kwargs, tools: tools.map((t) => convertToOpenAITool(t)) });
  }

  async _generate(messages, options) {
    const key = completionKey(messages, options.tools ?? []);
    const recorded = this.completions.get(key);
    if (!recorded) throw new Error(`bench replay: no recorded completion for this request (${messages.length} messages; the recording and the builds disagree)`);
    if (this.latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, this.latencyMs));
    this.meter.calls += 1;
    this.meter.promptTokens += recorded.usage.input_tokens;
    this.meter.completionTokens += recorded.usage.output_tokens;
    const message = new AIMessage({
      content: recorded.content,
      tool_calls: recorded.tool_calls.map((call) => ({ ...call, args: { ...call.args }, type: 'tool_call' })),
      usage_metadata: { ...recorded.usage, total_tokens: recorded.usage.input_tokens + recorded.usage.output_tokens },
      response_metadata: { ...recorded.response_metadata },
    });
    return { generations: [{ text: recorded.content, message }] };
  }
}
