import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../testing/index.js';
import { embedderFromEnv } from './embedder-from-env.js';
import { HttpEmbedder } from './http-embedder.js';
import { KnowledgeBase } from './knowledge-base.js';
import { KnowledgeError } from './knowledge-error.js';
import { BUNDLED_CORPUS_DIR, BUNDLED_SCOPES_PATH } from './bundled-paths.js';
import { embedLocally } from './local-embedder.js';
import { loadScopesFile } from './scopes-file.js';

interface SeenRequest {
  path: string;
  authorization: string | undefined;
  body: { model: string; input: string[] };
}

// A local OpenAI-compatible /v1/embeddings server on 127.0.0.1, port 0: no network leaves the machine.
// It answers with the local n-gram embedding scaled by 3 (so the client must re-normalise) and in
// reverse order (so the client must sort by index); model "broken", or a text saying server-down, gets a 500.
const seen: SeenRequest[] = [];
const server = createServer((request, response) => {
  let raw = '';
  request.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
  request.on('end', () => {
    const body = JSON.parse(raw) as SeenRequest['body'];
    seen.push({ path: request.url ?? '', authorization: request.headers.authorization, body });
    if (body.model === 'broken' || body.input.some((text) => text.includes('server-down'))) {
      response.writeHead(500).end('model crashed');
      return;
    }
    const data = body.input.map((text, index) => ({ object: 'embedding', index, embedding: Array.from(embedLocally(text), (v) => v * 3) })).reverse();
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ object: 'list', data, model: body.model }));
  });
});
let baseUrl = '';

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('HttpEmbedder', () => {
  it('posts model and input to /v1/embeddings with the key, orders by index and normalises', async () => {
    seen.length = 0;
    const embedder = new HttpEmbedder({ baseUrl: `${baseUrl}/`, model: 'text-embed', apiKey: 'sk-test' });
    const [first, second] = await embedder.embed(['перший текст', 'second text'], 'passage');
    expect(seen).toEqual([{ path: '/v1/embeddings', authorization: 'Bearer sk-test', body: { model: 'text-embed', input: ['перший текст', 'second text'] } }]);
    expect(first).toEqual(embedLocally('перший текст').map((v) => Math.fround(v)));
    expect(Math.hypot(...(second ?? []))).toBeCloseTo(1, 5);
  });

  it('adds the E5 query and passage prefixes for an e5 model and batches large inputs', async () => {
    seen.length = 0;
    const embedder = new HttpEmbedder({ baseUrl, model: 'intfloat/multilingual-e5-small', batchSize: 2 });
    await embedder.embed(['a', 'b', 'c'], 'passage');
    await embedder.embed(['q'], 'query');
    expect(seen.map((request) => request.body.input)).toEqual([['passage: a', 'passage: b'], ['passage: c'], ['query: q']]);
    expect(seen[0]?.authorization).toBeUndefined();
  });

  it('turns an error status or an unreachable server into embeddings_failed', async () => {
    const broken = new HttpEmbedder({ baseUrl, model: 'broken' });
    await expect(broken.embed(['x'], 'query')).rejects.toThrow(/answered 500: model crashed/);
    const closed = new HttpEmbedder({ baseUrl: 'http://127.0.0.1:9/v1', model: 'm', timeoutMs: 2000 });
    await expect(closed.embed(['x'], 'query')).rejects.toSatisfy((error) => KnowledgeError.isInstance(error) && error.code === 'embeddings_failed');
  });
});

describe('the knowledge base over an embeddings endpoint', () => {
  it('embeds the corpus and the query through the endpoint the environment names', async () => {
    seen.length = 0;
    const embedder = embedderFromEnv({ WAYBILL_EMBEDDINGS_BASE_URL: baseUrl, WAYBILL_EMBEDDINGS_MODEL: 'text-embed', WAYBILL_EMBEDDINGS_API_KEY: 'k' });
    const kb = await KnowledgeBase.open({ path: ':memory:', scopes: loadScopesFile(BUNDLED_SCOPES_PATH), embedder, now: fixedClock() });
    await kb.ingestDirectory(BUNDLED_CORPUS_DIR);
    const result = await kb.searchPolicies({ agent: 'pricing_agent', query: 'ліміт ваги нічного тарифу', limit: 3 });
    await kb.close();
    expect(kb.embedderId).toBe(`endpoint:text-embed@${baseUrl}/embeddings`);
    expect(seen.at(-1)?.body.input).toEqual(['ліміт ваги нічного тарифу']);
    expect(seen.length).toBeGreaterThan(20); // one request per ingested document, then the query
    expect(result.degraded).toBeUndefined();
    expect(result.hits[0]?.doc_id).toBe('tariffs-overnight');
    expect(result.hits[0]?.dense?.rank).toBe(1);
  });

  it('falls back to lexical hits and says so when the endpoint fails at query time', async () => {
    const kb = await KnowledgeBase.open({ path: ':memory:', scopes: loadScopesFile(BUNDLED_SCOPES_PATH), embedder: new HttpEmbedder({ baseUrl, model: 'text-embed' }) });
    await kb.ingestDirectory(BUNDLED_CORPUS_DIR);
    const result = await kb.searchPolicies({ agent: 'pricing_agent', query: 'ліміт ваги нічного тарифу server-down', limit: 3 });
    await kb.close();
    expect(result.degraded).toMatch(/^dense retrieval unavailable, lexical only: .*answered 500/);
    expect(result.hits[0]?.doc_id).toBe('tariffs-overnight');
    expect(result.hits.every((hit) => hit.dense === null && hit.lexical !== null)).toBe(true);
  });

  it('writes nothing for a document whose embedding fails at ingest', async () => {
    const kb = await KnowledgeBase.open({ path: ':memory:', scopes: loadScopesFile(BUNDLED_SCOPES_PATH), embedder: new HttpEmbedder({ baseUrl, model: 'broken' }) });
    await expect(kb.ingestDirectory(BUNDLED_CORPUS_DIR)).rejects.toThrow(/answered 500/);
    expect(await kb.documentCount()).toBe(0);
    await kb.close();
  });
});

describe('embedderFromEnv', () => {
  it('is local without configuration and refuses inconsistent variables', () => {
    expect(embedderFromEnv({}).id).toMatch(/^local:/);
    expect(() => embedderFromEnv({ WAYBILL_EMBEDDINGS_MODEL: 'm' })).toThrow(/WAYBILL_EMBEDDINGS_BASE_URL is not/);
    expect(() => embedderFromEnv({ WAYBILL_EMBEDDINGS_BASE_URL: baseUrl })).toThrow(/WAYBILL_EMBEDDINGS_MODEL is required/);
    expect(() => embedderFromEnv({ WAYBILL_EMBEDDINGS_BASE_URL: 'ftp://x', WAYBILL_EMBEDDINGS_MODEL: 'm' })).toThrow(/http or https/);
  });
});
