import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ModelEndpoint } from '../models/index.js';
import { openRuntime } from './open-runtime.js';
import type { CountingOracle } from '../evals/compare/counting-oracle.js';
import { serveCountingOracle } from '../evals/compare/counting-oracle.js';

async function refusingBaseUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}/v1`;
}

let oracle: CountingOracle;
beforeAll(async () => {
  oracle = await serveCountingOracle();
});
afterAll(async () => {
  await oracle.close();
});

// The two runtimes outside LangGraph, opened the same way on a given endpoint (no retries).
const RUNTIMES = [
  { name: 'adk', open: (endpoint: ModelEndpoint) => openRuntime('adk', { dbPath: ':memory:', endpoint }) },
  { name: 'openai-agents', open: (endpoint: ModelEndpoint) => openRuntime('openai-agents', { dbPath: ':memory:', endpoint, maxRetries: 0 }) },
] as const;

describe.each(RUNTIMES)('the $name runtime when the model cannot help', ({ name, open }) => {
  it('ends not_understood (not model_unavailable), with examples of what can be asked, on a request outside the domain', async () => {
    const opened = await open({ model: 'gpt-4.1', baseUrl: oracle.baseUrl });
    try {
      const record = await opened.ask({ input: 'Яка погода буде завтра в Києві?' });
      expect(record).toMatchObject({ runtime: name, status: 'stopped', stop_reason: 'not_understood', tool_calls: [] });
      expect(record.answer).toContain('TTN-000001');
      expect(record.answer).not.toMatch(/пізніше|later|недоступн/i);
    } finally {
      await opened.close();
    }
  });

  it('ends model_error, not a crash, when the endpoint refuses connections', async () => {
    const opened = await open({ model: 'gpt-4.1', baseUrl: await refusingBaseUrl() });
    try {
      const record = await opened.ask({ input: 'Де зараз посилка TTN-000001?' });
      expect(record).toMatchObject({ runtime: name, status: 'stopped', stop_reason: 'model_error', steps: 0 });
      expect(record.answer).toMatch(/Модель недоступна/);
    } finally {
      await opened.close();
    }
  });
});
