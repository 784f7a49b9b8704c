import type { Model, ModelRequest, ModelResponse, StreamEvent } from '@openai/agents';
import { Usage } from '@openai/agents';
import { currentJournal } from './run-journal.js';

/**
 * One agent's view of the chat-completions model: every call is counted in the run's journal (tokens
 * as the endpoint reported them, the step count) under the agent's name. The step gate runs first; a
 * run that was stopped (kill switch, budget, a policy denial) makes no further model call: the SDK gets
 * a plain answer instead.
 */
export class JournaledModel implements Model {
  readonly #inner: Model;
  readonly #agent: string;

  constructor(inner: Model, agent: string) {
    this.#inner = inner;
    this.#agent = agent;
  }

  async getResponse(request: ModelRequest): Promise<ModelResponse> {
    const journal = currentJournal();
    if (journal && !(await journal.beforeModelCall(this.#agent))) return haltResponse(`stopped: ${journal.stopped?.reason ?? 'stopped'}`);
    const started = performance.now();
    const response = await this.#inner.getResponse(request);
    journal?.modelCall(this.#agent, { prompt_tokens: response.usage.inputTokens, completion_tokens: response.usage.outputTokens }, Math.round(performance.now() - started));
    return response;
  }

  getStreamedResponse(request: ModelRequest): AsyncIterable<StreamEvent> {
    // Waybill runs agents without streaming; streaming calls are passed through uncounted.
    return this.#inner.getStreamedResponse(request);
  }
}

// A reply with no tool calls ends the agent's loop: how a step that must not happen is skipped.
function haltResponse(text: string): ModelResponse {
  return { usage: new Usage(), output: [{ type: 'message', role: 'assistant', status: 'completed', content: [{ type: 'output_text', text }] }] };
}
