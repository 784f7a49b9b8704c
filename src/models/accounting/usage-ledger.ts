import type { AIMessage, BaseMessage } from '@langchain/core/messages';
import type { ModelPrice } from '../../policy/index.js';
import { costOf, DEFAULT_PRICES, normaliseModelName } from '../../policy/index.js';
import { countCompletionTokens, countPromptTokens } from '../tokens/token-counter.js';
import { toChatMessages } from '../providers/to-chat-messages.js';

/** Tokens and spend of one model call. */
export interface CallUsage {
  agent: string;
  model: string;
  promptTokens: number;
  completionTokens: number;
  usd: number;
  /** True when the provider sent no `usage` and the tokens were counted with o200k_base. */
  counted: boolean;
}

export interface UsageTotals {
  calls: number;
  promptTokens: number;
  completionTokens: number;
  usd: number;
}

const empty = (): UsageTotals => ({ calls: 0, promptTokens: 0, completionTokens: 0, usd: 0 });

/** Tokens and USD per model call, per agent and per run, from the provider's usage when present. */
export class UsageLedger {
  readonly #prices: Readonly<Record<string, ModelPrice>>;
  readonly #calls: CallUsage[] = [];

  constructor(prices: Readonly<Record<string, ModelPrice>> = DEFAULT_PRICES) {
    this.#prices = prices;
  }

  /** Records the reply to `prompt` (with `tools` offered) that `model` gave `agent`. */
  record(agent: string, model: string, reply: AIMessage, prompt: readonly BaseMessage[], tools: readonly unknown[] = []): CallUsage {
    const reported = reply.usage_metadata;
    const promptTokens = reported ? reported.input_tokens : countPromptTokens(toChatMessages(prompt), tools);
    const completionTokens = reported
      ? reported.output_tokens
      : countCompletionTokens({
          content: typeof reply.content === 'string' ? reply.content : JSON.stringify(reply.content),
          tool_calls: (reply.tool_calls ?? []).map((c) => ({ function: { name: c.name, arguments: JSON.stringify(c.args) } })),
        });
    return this.recordTokens(agent, model, { promptTokens, completionTokens }, !reported);
  }

  /**
   * Records one call from its token counts (as a framework's model layer reports them), priced from this
   * ledger's price table: a model the table does not list costs 0.
   */
  recordTokens(agent: string, model: string, tokens: { promptTokens: number; completionTokens: number }, counted = false): CallUsage {
    const usd = costOf({ model, ...tokens }, this.#prices) ?? 0;
    const usage: CallUsage = { agent, model: normaliseModelName(model), ...tokens, usd, counted };
    this.#calls.push(usage);
    return usage;
  }

  calls(): CallUsage[] {
    return this.#calls.map((c) => ({ ...c }));
  }

  byAgent(): Record<string, UsageTotals> {
    const result: Record<string, UsageTotals> = {};
    for (const call of this.#calls) add((result[call.agent] ??= empty()), call);
    return result;
  }

  totals(): UsageTotals {
    const total = empty();
    for (const call of this.#calls) add(total, call);
    return total;
  }
}

function add(total: UsageTotals, call: CallUsage): void {
  total.calls += 1;
  total.promptTokens += call.promptTokens;
  total.completionTokens += call.completionTokens;
  total.usd += call.usd;
}
