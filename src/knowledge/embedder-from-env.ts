import type { Embedder } from './embedder.js';
import { HttpEmbedder } from './http-embedder.js';
import { KnowledgeError } from './knowledge-error.js';
import { LocalEmbedder } from './local-embedder.js';

/**
 * The embedder the environment configures: an OpenAI-compatible endpoint when
 * WAYBILL_EMBEDDINGS_BASE_URL is set (with WAYBILL_EMBEDDINGS_MODEL required and
 * WAYBILL_EMBEDDINGS_API_KEY optional), else the local hashed n-gram embedding. Throws KnowledgeError
 * `embeddings_config` when the variables do not fit together.
 */
export function embedderFromEnv(env: NodeJS.ProcessEnv = process.env): Embedder {
  const read = (name: string): string | undefined => env[name]?.trim() || undefined;
  const baseUrl = read('WAYBILL_EMBEDDINGS_BASE_URL');
  const model = read('WAYBILL_EMBEDDINGS_MODEL');
  const apiKey = read('WAYBILL_EMBEDDINGS_API_KEY');
  if (!baseUrl) {
    if (model) throw new KnowledgeError('embeddings_config', 'WAYBILL_EMBEDDINGS_MODEL is set but WAYBILL_EMBEDDINGS_BASE_URL is not (e.g. http://127.0.0.1:8000/v1)');
    return new LocalEmbedder();
  }
  if (!model) throw new KnowledgeError('embeddings_config', 'WAYBILL_EMBEDDINGS_MODEL is required when WAYBILL_EMBEDDINGS_BASE_URL is set');
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new KnowledgeError('embeddings_config', `WAYBILL_EMBEDDINGS_BASE_URL is not a URL: ${baseUrl}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new KnowledgeError('embeddings_config', `WAYBILL_EMBEDDINGS_BASE_URL must be http or https, got ${url.protocol}`);
  }
  return new HttpEmbedder({ baseUrl, model, ...(apiKey && { apiKey }) });
}
