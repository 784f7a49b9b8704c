import { z } from 'zod';
import type { Embedder, EmbeddingKind } from './embedder.js';
import { normaliseInPlace } from './embedder.js';
import { KnowledgeError } from './knowledge-error.js';

/** Where and how to reach an OpenAI-compatible `/v1/embeddings` endpoint. */
export interface HttpEmbedderOptions {
  /** Up to and including the version, e.g. `http://127.0.0.1:8000/v1`; `/embeddings` is appended. */
  baseUrl: string;
  model: string;
  apiKey?: string;
  /** Texts per request (default 64). */
  batchSize?: number;
  /** Per request (default 30000 ms). */
  timeoutMs?: number;
  /** Prepended by kind; E5 models need `query: ` and `passage: ` (the default when the model name says e5). */
  prefixes?: Partial<Record<EmbeddingKind, string>>;
  /** Injected for tests; the global fetch otherwise. */
  fetch?: typeof fetch;
}

const EmbeddingsResponse = z.object({
  data: z.array(z.object({ index: z.number().int().nonnegative(), embedding: z.array(z.number()).min(1) })),
});

/**
 * Embeds through any OpenAI-compatible server (OpenAI, a multilingual-e5 container as in seed 004,
 * Ollama, vLLM, llama.cpp). Vectors are re-normalised, ordered by `index`, and checked to share one
 * dimension. Any failure throws KnowledgeError `embeddings_failed` with the status or cause.
 */
export class HttpEmbedder implements Embedder {
  readonly id: string;
  readonly #url: string;
  readonly #options: HttpEmbedderOptions;
  #dims: number | undefined;

  constructor(options: HttpEmbedderOptions) {
    this.#options = options;
    this.#url = `${options.baseUrl.replace(/\/+$/, '')}/embeddings`;
    this.id = `endpoint:${options.model}@${this.#url}`;
  }

  async embed(texts: readonly string[], kind: EmbeddingKind): Promise<Float32Array[]> {
    const size = this.#options.batchSize ?? 64;
    const prefix = this.#options.prefixes?.[kind] ?? (/e5/i.test(this.#options.model) ? `${kind}: ` : '');
    const out: Float32Array[] = [];
    for (let i = 0; i < texts.length; i += size) {
      out.push(...(await this.#request(texts.slice(i, i + size).map((text) => prefix + text))));
    }
    return out;
  }

  async #request(input: string[]): Promise<Float32Array[]> {
    const doFetch = this.#options.fetch ?? fetch;
    let response: Response;
    try {
      response = await doFetch(this.#url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(this.#options.apiKey && { authorization: `Bearer ${this.#options.apiKey}` }) },
        body: JSON.stringify({ model: this.#options.model, input }),
        signal: AbortSignal.timeout(this.#options.timeoutMs ?? 30_000),
      });
    } catch (cause) {
      throw new KnowledgeError('embeddings_failed', `embeddings endpoint ${this.#url} unreachable: ${(cause as Error).message}`, { cause });
    }
    if (!response.ok) {
      const detail = (await response.text().catch(() => '')).slice(0, 200);
      throw new KnowledgeError('embeddings_failed', `embeddings endpoint ${this.#url} answered ${response.status}${detail ? `: ${detail}` : ''}`);
    }
    const parsed = EmbeddingsResponse.safeParse(await response.json().catch(() => undefined));
    if (!parsed.success || parsed.data.data.length !== input.length) {
      throw new KnowledgeError('embeddings_failed', `embeddings endpoint ${this.#url} returned no embedding list of ${input.length} items`);
    }
    return [...parsed.data.data].sort((a, b) => a.index - b.index).map((item) => this.#vector(item.embedding));
  }

  #vector(values: number[]): Float32Array {
    this.#dims ??= values.length;
    if (values.length !== this.#dims) {
      throw new KnowledgeError('embeddings_failed', `embeddings endpoint ${this.#url} returned ${values.length} dimensions after ${this.#dims}`);
    }
    return normaliseInPlace(Float32Array.from(values));
  }
}
