import { OpenAIChatCompletionsModel } from '@openai/agents';
import OpenAI from 'openai';
import type { ModelEndpoint } from '../../models/index.js';
import { currentLedger } from '../core/index.js';

/**
 * The SDK's chat-completions model (not the Responses API, which OpenAI-compatible servers lack) on an
 * explicit base URL. The client's fetch notes the oracle's `x-waybill-planner: not_understood` header, so
 * a request the planner did not understand ends `not_understood` as it does on LangGraph.
 */
export function chatCompletionsModel(endpoint: ModelEndpoint, options: { timeoutMs?: number; maxRetries?: number } = {}): OpenAIChatCompletionsModel {
  const client = new OpenAI({
    // Local servers take no key, but the client insists on one.
    apiKey: endpoint.apiKey ?? 'no-key',
    ...(endpoint.baseUrl && { baseURL: endpoint.baseUrl }),
    timeout: options.timeoutMs ?? 60_000,
    maxRetries: options.maxRetries ?? 2,
    fetch: noticingFetch,
  });
  return new OpenAIChatCompletionsModel(client, endpoint.model);
}

async function noticingFetch(input: string | URL | Request, init?: RequestInit): Promise<Response> {
  const response = await fetch(input, init);
  if (response.headers.get('x-waybill-planner') === 'not_understood') {
    currentLedger().markNotUnderstood();
  }
  return response;
}
