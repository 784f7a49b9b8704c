import type { Part } from '@google/genai';
import type { BaseLlmConnection, LlmRequest, LlmResponse } from '@google/adk';
import { BaseLlm } from '@google/adk';
import { z } from 'zod';
import type { ModelEndpoint } from '../../models/index.js';
import { currentLedger } from '../core/index.js';
import { toChatRequest } from './to-chat-request.js';

const Completion = z.object({
  choices: z
    .array(
      z.object({
        message: z.object({
          content: z.string().nullable().optional(),
          tool_calls: z.array(z.object({ id: z.string(), function: z.object({ name: z.string(), arguments: z.string() }) })).optional(),
        }),
      }),
    )
    .min(1),
  usage: z.object({ prompt_tokens: z.number(), completion_tokens: z.number() }).optional(),
});

function parseArguments(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

type Endpoint = ModelEndpoint & { baseUrl: string };

/**
 * ADK for JS ships Gemini (and Apigee) models only; this is the missing OpenAI-compatible one: one
 * non-streamed chat-completions call over fetch per model turn, to any base URL (the oracle, OpenRouter,
 * Ollama…). Errors come back as an `LlmResponse` with `errorCode`, which ADK turns into an error event.
 */
export class OpenAICompatibleLlm extends BaseLlm {
  readonly #endpoints: readonly [Endpoint, ...Endpoint[]];
  readonly #timeoutMs: number;

  /** `fallbacks`: tried in order when a call fails (no answer, or an error status), as on every runtime. */
  constructor(endpoint: Endpoint, options: { timeoutMs?: number; fallbacks?: readonly Endpoint[] } = {}) {
    super({ model: endpoint.model });
    this.#endpoints = [endpoint, ...(options.fallbacks ?? [])];
    this.#timeoutMs = options.timeoutMs ?? 60_000;
  }

  async *generateContentAsync(llmRequest: LlmRequest, _stream?: boolean, abortSignal?: AbortSignal): AsyncGenerator<LlmResponse, void> {
    let response: LlmResponse | undefined;
    for (const endpoint of this.#endpoints) {
      response = await this.#call(endpoint, llmRequest, abortSignal);
      if (!response.errorCode) break;
    }
    if (response) yield response;
  }

  async #call(endpoint: Endpoint, llmRequest: LlmRequest, abortSignal: AbortSignal | undefined): Promise<LlmResponse> {
    const { messages, tools } = toChatRequest(llmRequest);
    const body = { model: endpoint.model, messages, ...(tools.length > 0 && { tools }), ...(llmRequest.config?.temperature !== undefined && { temperature: llmRequest.config.temperature }) };
    const signal = abortSignal ? AbortSignal.any([abortSignal, AbortSignal.timeout(this.#timeoutMs)]) : AbortSignal.timeout(this.#timeoutMs);
    let response: Response;
    try {
      response = await fetch(`${endpoint.baseUrl.replace(/\/$/, '')}/chat/completions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(endpoint.apiKey && { authorization: `Bearer ${endpoint.apiKey}` }) },
        body: JSON.stringify(body),
        signal,
      });
    } catch (error) {
      return { errorCode: 'connection_error', errorMessage: `cannot reach ${endpoint.baseUrl}: ${error instanceof Error ? error.message : String(error)}` };
    }
    if (response.headers.get('x-waybill-planner') === 'not_understood') {
      currentLedger().markNotUnderstood();
    }
    const json: unknown = await response.json().catch(() => undefined);
    const parsed = Completion.safeParse(json);
    if (!response.ok || !parsed.success) {
      return { errorCode: `http_${response.status}`, errorMessage: `${endpoint.baseUrl} answered ${response.status} without a chat completion` };
    }
    const { message } = parsed.data.choices[0] ?? { message: {} };
    const parts: Part[] = [
      ...(message.content ? [{ text: message.content }] : []),
      ...(message.tool_calls ?? []).map((call) => ({ functionCall: { id: call.id, name: call.function.name, args: parseArguments(call.function.arguments) } })),
    ];
    const usage = parsed.data.usage;
    return {
      content: { role: 'model', parts },
      turnComplete: true,
      ...(usage && { usageMetadata: { promptTokenCount: usage.prompt_tokens, candidatesTokenCount: usage.completion_tokens, totalTokenCount: usage.prompt_tokens + usage.completion_tokens } }),
    };
  }

  connect(_llmRequest: LlmRequest): Promise<BaseLlmConnection> {
    return Promise.reject(new Error('OpenAICompatibleLlm has no live (bidirectional) mode'));
  }
}
