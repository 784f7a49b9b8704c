import type { BaseMessage } from '@langchain/core/messages';
import type { ChatResult } from '@langchain/core/outputs';
import { OfflinePlannerChatModel } from '../../models/index.js';

/**
 * The offline planner with an emulated per-call latency, counting calls and the context of each (its
 * prompt tokens, as the planner's own counter gives them): the same meter for every architecture.
 */
export class MeteredPlanner extends OfflinePlannerChatModel {
  readonly #latencyMs: number;
  calls = 0;
  promptTokens = 0;
  completionTokens = 0;
  peakContextTokens = 0;

  constructor(latencyMs: number) {
    super({});
    this.#latencyMs = latencyMs;
  }

  override async _generate(messages: BaseMessage[], options: this['ParsedCallOptions']): Promise<ChatResult> {
    if (this.#latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, this.#latencyMs));
    const result = await super._generate(messages, options);
    const usage = (result.generations[0]?.message as { usage_metadata?: { input_tokens: number; output_tokens: number } } | undefined)?.usage_metadata;
    this.calls += 1;
    this.promptTokens += usage?.input_tokens ?? 0;
    this.completionTokens += usage?.output_tokens ?? 0;
    this.peakContextTokens = Math.max(this.peakContextTokens, usage?.input_tokens ?? 0);
    return result;
  }

  reset(): void {
    this.calls = 0;
    this.promptTokens = 0;
    this.completionTokens = 0;
    this.peakContextTokens = 0;
  }
}
