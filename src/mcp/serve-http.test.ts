import { request } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { SqliteDomainStore } from '../domain/index.js';
import { privateKey } from './private-key.js';
import type { RunningHttpServer } from './serve-http.js';
import { serveHttp } from './serve-http.js';
import { silentLogger } from './stderr-logger.js';

const opened: Array<{ server: RunningHttpServer; store: SqliteDomainStore }> = [];
afterEach(async () => {
  for (const { server, store } of opened.splice(0)) {
    await server.close();
    await store.close();
  }
});

const INITIALIZE = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } } });

async function start(options: { sessionIdleMs?: number; maxSessionsPerKey?: number; maxBodyBytes?: number }) {
  const store = SqliteDomainStore.open(':memory:');
  const access = privateKey({ tenant: 'default', role: 'operator', principal: 'key_a', channel: 'http' });
  const server = await serveHttp({ store, logger: silentLogger, port: 0, verifyKey: access.verifyKey, ...options });
  opened.push({ server, store });
  const initialize = async () => {
    const response = await fetch(server.url, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...access.headers }, body: INITIALIZE });
    await response.text();
    return { status: response.status, session: response.headers.get('mcp-session-id') };
  };
  const list = async (session: string) => {
    const response = await fetch(server.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-session-id': session, 'mcp-protocol-version': '2025-06-18', ...access.headers },
      body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' }),
    });
    await response.text();
    return response.status;
  };
  return { server, access, initialize, list };
}

/** A POST whose body is sent in two chunks without Content-Length (Transfer-Encoding: chunked), as a streaming client sends it. */
function postChunked(url: string, headers: Record<string, string>, body: string): Promise<{ status: number; session: string | undefined; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, session: res.headers['mcp-session-id'] as string | undefined, text }));
    });
    req.on('error', reject);
    req.write(body.slice(0, 10));
    req.end(body.slice(10));
  });
}

describe('Streamable HTTP sessions', () => {
  it('caps the sessions one key holds: the least recently used one makes room', async () => {
    const { server, initialize, list } = await start({ maxSessionsPerKey: 2 });
    const first = await initialize();
    const second = await initialize();
    expect(await list(String(first.session))).toBe(200); // first is now the most recently used
    const third = await initialize();
    expect(third.status).toBe(200);
    expect(server.openSessions()).toBe(2);
    expect(await list(String(second.session))).toBe(404);
    expect(await list(String(first.session))).toBe(200);
    for (let i = 0; i < 20; i += 1) await initialize();
    expect(server.openSessions()).toBe(2);
  });

  it('closes sessions that sat idle past the limit', async () => {
    const { server, initialize, list } = await start({ sessionIdleMs: 20 });
    const { session } = await initialize();
    expect(server.openSessions()).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(await server.sweepIdleSessions()).toBe(1);
    expect(server.openSessions()).toBe(0);
    expect(await list(String(session))).toBe(404);
  });
});

describe('Streamable HTTP request bodies', () => {
  it('refuses a body over the limit with 413, whether its length is declared or streamed, and reads a streamed one within it', async () => {
    const { server, access } = await start({ maxBodyBytes: 1000 });
    const big = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping', params: { pad: 'x'.repeat(2000) } });
    const declared = await fetch(server.url, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...access.headers }, body: big });
    expect(declared.status).toBe(413);
    expect(await declared.json()).toMatchObject({ jsonrpc: '2.0', error: { code: -32700, message: 'request body is over 1000 bytes' } });
    const streamed = await postChunked(server.url, access.headers, big);
    expect(streamed.status).toBe(413);
    expect(JSON.parse(streamed.text)).toMatchObject({ error: { code: -32700 } });
    const opened = await postChunked(server.url, access.headers, INITIALIZE);
    expect(opened.status).toBe(200);
    expect(opened.session).toMatch(/^[0-9a-f-]{36}$/);
    expect(server.openSessions()).toBe(1);
  });

  it('ends a session on DELETE from the key that opened it', async () => {
    const { server, access, initialize, list } = await start({});
    const { session } = await initialize();
    const ended = await fetch(server.url, { method: 'DELETE', headers: { 'mcp-session-id': String(session), 'mcp-protocol-version': '2025-06-18', ...access.headers } });
    expect(ended.status).toBe(200);
    expect(server.openSessions()).toBe(0);
    expect(await list(String(session))).toBe(404);
  });
});
