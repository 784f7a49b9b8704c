import { createServer as createHttpServer } from 'node:http';
import type { Server } from 'node:http';
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

// An endpoint that answers every chat completion with the given HTTP status and an OpenAI-style error.
async function failingEndpoint(status: number): Promise<{ baseUrl: string; server: Server }> {
  const server = createHttpServer((request, response) => {
    request.resume();
    request.on('end', () => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: { message: status === 401 ? 'Incorrect API key provided' : `upstream said ${status}`, type: 'invalid_request_error', code: String(status) } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return { baseUrl: `http://127.0.0.1:${port}/v1`, server };
}

let oracle: CountingOracle;
const servers: Server[] = [];
const endpoints: Record<number, string> = {};
beforeAll(async () => {
  oracle = await serveCountingOracle();
  for (const status of [401, 400, 503]) {
    const failing = await failingEndpoint(status);
    servers.push(failing.server);
    endpoints[status] = failing.baseUrl;
  }
});
afterAll(async () => {
  await oracle.close();
  for (const server of servers) await new Promise<void>((resolve) => server.close(() => resolve()));
});

// Every runtime, opened the same way on a given endpoint (no retries).
const RUNTIMES = [
  { name: 'langgraph', open: (endpoint: ModelEndpoint) => openRuntime('langgraph', { dbPath: ':memory:', endpoint, maxRetries: 0 }) },
  { name: 'adk', open: (endpoint: ModelEndpoint) => openRuntime('adk', { dbPath: ':memory:', endpoint }) },
  { name: 'openai-agents', open: (endpoint: ModelEndpoint) => openRuntime('openai-agents', { dbPath: ':memory:', endpoint, maxRetries: 0 }) },
] as const;

const TRACK = 'Де зараз посилка TTN-000001?';
const LATER = /пізніше|later|позже/i;

describe.each(RUNTIMES)('the $name runtime when a model call fails', ({ name, open }) => {
  it('ends model_unavailable, saying to try later, when the endpoint refuses connections', async () => {
    const opened = await open({ model: 'gpt-4.1', baseUrl: await refusingBaseUrl() });
    try {
      const record = await opened.ask({ input: TRACK });
      expect(record).toMatchObject({ runtime: name, status: 'stopped', stop_reason: 'model_unavailable', steps: 0 });
      expect(record.answer).toMatch(/^Модель зараз недоступна/);
      expect(record.answer).toMatch(/Спробуйте пізніше/);
    } finally {
      await opened.close();
    }
  });

  it('ends model_unavailable when the endpoint answers 503 (it may work later)', async () => {
    const opened = await open({ model: 'gpt-4.1', baseUrl: endpoints[503] ?? '' });
    try {
      const record = await opened.ask({ input: 'Where is parcel TTN-000001 now?' });
      expect(record).toMatchObject({ runtime: name, status: 'stopped', stop_reason: 'model_unavailable' });
      expect(record.answer).toMatch(/^The model is unavailable right now/);
      expect(record.answer).toMatch(/try again later/);
    } finally {
      await opened.close();
    }
  });

  it.each([401, 400])('ends model_error, never "unavailable" nor "try later", when the endpoint answers %i', async (status) => {
    const opened = await open({ model: 'gpt-4.1', baseUrl: endpoints[status] ?? '' });
    try {
      const record = await opened.ask({ input: TRACK });
      expect(record).toMatchObject({ runtime: name, status: 'stopped', stop_reason: 'model_error' });
      expect(record.answer).toMatch(/^Модель повернула помилку/);
      expect(record.answer).toContain('WAYBILL_BASE_URL');
      expect(record.answer).not.toMatch(LATER);
      expect(record.answer).not.toMatch(/недоступн|unavailable/i);
    } finally {
      await opened.close();
    }
  });
});

describe.each(RUNTIMES.filter((runtime) => runtime.name !== 'langgraph'))('the $name runtime when the model cannot help', ({ name, open }) => {
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
});

describe('the langgraph runtime on the offline planner', () => {
  it('ends not_understood, in the user’s language, with examples, on a request outside the domain', async () => {
    const opened = await openRuntime('langgraph', { dbPath: ':memory:', offline: true });
    try {
      for (const [input, letters] of [
        ['Яка погода буде завтра в Києві?', /[іїєґ]/],
        ['What will the weather be tomorrow in Kyiv?', /^[^а-яіїєґ]*TTN-000001/s],
        ['Какая погода будет завтра в Киеве?', /[ыэъ]/],
      ] as const) {
        const record = await opened.ask({ input });
        expect(record).toMatchObject({ status: 'stopped', stop_reason: 'not_understood' });
        expect(record.answer).toContain('TTN-000001');
        expect(record.answer).toMatch(letters);
        expect(record.answer).not.toMatch(/пізніше|later|позже|недоступн|unavailable/i);
      }
    } finally {
      await opened.close();
    }
  });
});
