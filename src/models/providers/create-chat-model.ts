import { ChatOpenAI } from '@langchain/openai';
import type { ModelConfig, ModelEndpoint } from '../config/model-config.js';

/**
 * LangChain's OpenAI chat model pointed at any OpenAI-compatible endpoint (OpenRouter, OpenAI, Ollama,
 * llama.cpp, vLLM, LM Studio, the Waybill oracle). Retries with backoff on 429 and 5xx are LangChain's
 * (p-retry); 4xx other than 429 fail at once.
 */
export function createChatModel(endpoint: ModelEndpoint, config: Pick<ModelConfig, 'temperature' | 'timeoutMs' | 'maxRetries'>): ChatOpenAI {
  return new ChatOpenAI({
    model: endpoint.model,
    // Local servers take no key, but the client insists on one.
    apiKey: endpoint.apiKey ?? 'no-key',
    configuration: { ...(endpoint.baseUrl && { baseURL: endpoint.baseUrl }) },
    temperature: config.temperature,
    timeout: config.timeoutMs,
    maxRetries: config.maxRetries,
    streamUsage: true,
  });
}
