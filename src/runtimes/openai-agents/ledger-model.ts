import type { Model, ModelRequest, ModelResponse, StreamEvent } from '@openai/agents';
import { Usage } from '@openai/agents';
import { currentLedger, oneIrreversibleCall } from '../core/index.js';

/**
 * One agent's view of the chat-completions model, through the kernel: the step gate before every call
 * (a stopped run gets a plain answer instead, which ends the agent's turn), the call's tokens in the
 * run's usage under the agent's name, and the one-irreversible-call rule on the reply, so no call the
 * human will not be shown ever reaches the SDK.
 */
export class LedgerModel implements Model {
  readonly #inner: Model;
  readonly #agent: string;
  readonly #modelName: string;

  constructor(inner: Model, agent: string, modelName: string) {
    this.#inner = inner;
    this.#agent = agent;
    this.#modelName = modelName;
  }

  async getResponse(request: ModelRequest): Promise<ModelResponse> {
    const run = currentLedger();
    if (!(await run.beforeModelCall(this.#agent))) return haltResponse(`stopped: ${run.stopped?.reason ?? 'stopped'}`);
    const started = performance.now();
    const response = await this.#inner.getResponse(request);
    const usage = run.init.usage.recordTokens(this.#agent, this.#modelName, { promptTokens: response.usage.inputTokens, completionTokens: response.usage.outputTokens });
    run.modelCall(this.#agent, usage, Math.round(performance.now() - started));
    const calls = response.output.flatMap((item) => (item.type === 'function_call' ? [{ item, name: item.name, args: parseArgs(item.arguments) }] : []));
    const kept = new Set(oneIrreversibleCall(run, this.#agent, calls).map((call) => call.item));
    if (kept.size === calls.length) return response;
    return { ...response, output: response.output.filter((item) => item.type !== 'function_call' || kept.has(item)) };
  }

  getStreamedResponse(request: ModelRequest): AsyncIterable<StreamEvent> {
    // Waybill runs agents without streaming; a streamed call would pass the gates, so it is refused.
    void request;
    throw new Error('LedgerModel: streaming is not supported; Waybill runs agents without streaming');
  }
}

function parseArgs(text: string | undefined): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text ?? '{}');
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

// A reply with no tool calls ends the agent's loop: how a step that must not happen is skipped.
function haltResponse(text: string): ModelResponse {
  return { usage: new Usage(), output: [{ type: 'message', role: 'assistant', status: 'completed', content: [{ type: 'output_text', text }] }] };
}
