import type { Model, ModelRequest, ModelResponse, StreamEvent } from '@openai/agents';

/**
 * A model that tries the next one, in order, when a call fails after its own retries (as LangChain's
 * `modelFallbackMiddleware` does on LangGraph); the last one's error is the call's.
 */
export class FallbackModel implements Model {
  readonly #models: readonly [Model, ...Model[]];

  constructor(models: readonly [Model, ...Model[]]) {
    this.#models = models;
  }

  async getResponse(request: ModelRequest): Promise<ModelResponse> {
    let failure: unknown;
    for (const model of this.#models) {
      try {
        return await model.getResponse(request);
      } catch (error) {
        failure = error;
      }
    }
    throw failure;
  }

  getStreamedResponse(request: ModelRequest): AsyncIterable<StreamEvent> {
    return this.#models[0].getStreamedResponse(request);
  }
}
