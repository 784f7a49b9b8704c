import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { spawn } from 'node:child_process';
import { request } from 'node:http';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTempDir } from '../../src/testing/temp-dir.js';
import { CLI, serverEnv } from './helpers.js';

const temp = makeTempDir();
let child: ChildProcessWithoutNullStreams;
let url: URL;

beforeAll(async () => {
  child = spawn(process.execPath, [CLI, 'mcp', '--http', '--port', '0'], { env: serverEnv(join(temp.dir, 'http.db'), { WAYBILL_LOG_LEVEL: 'info' }) });
  url = await new Promise<URL>((resolve, reject) => {
    let err = '';
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${err}`)), 10_000);
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      err += chunk;
      const found = /"url":"([^"]+)"/.exec(err);
      if (found?.[1]) {
        clearTimeout(timer);
        resolve(new URL(found[1]));
      }
    });
  });
});

afterAll(async () => {
  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
  temp.cleanup();
});

function rawPost(path: string, body: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: url.hostname, port: url.port, path, method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const INITIALIZE = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } } });

describe('waybill mcp --http (Streamable HTTP)', () => {
  it('binds to loopback and serves the tools to the SDK client over one session', async () => {
    expect(url.hostname).toBe('127.0.0.1');
    expect(url.pathname).toBe('/mcp');
    const client = new Client({ name: 'waybill-http-e2e', version: '1.0.0' });
    const transport = new StreamableHTTPClientTransport(url);
    await client.connect(transport);
    expect(transport.sessionId).toMatch(/^[0-9a-f-]{36}$/);
    const { tools } = await client.listTools();
    expect(tools).toHaveLength(4);
    const price = await client.callTool({ name: 'calc_delivery', arguments: { origin: 'Odesa', destination: 'Kharkiv', weight_kg: 8, service: 'express' } });
    expect(price.structuredContent).toMatchObject({ status: 'ok', price_uah: 611 });
    const bad = await client.callTool({ name: 'track_shipment', arguments: { tracking_id: 'nope' } });
    expect(bad.structuredContent).toMatchObject({ status: 'error' });
    await transport.terminateSession();
    await client.close();
  });

  it('refuses a foreign Host header (DNS rebinding), other paths, bad JSON and unknown sessions', async () => {
    expect((await rawPost('/mcp', INITIALIZE, { host: 'evil.example:80' })).status).toBe(403);
    expect((await rawPost('/other', INITIALIZE)).status).toBe(404);
    const broken = await rawPost('/mcp', '{"jsonrpc":');
    expect(broken.status).toBe(400);
    expect(JSON.parse(broken.body)).toMatchObject({ error: { code: -32700 } });
    expect((await rawPost('/mcp', INITIALIZE, { 'mcp-session-id': 'no-such-session' })).status).toBe(404);
    // The server is still healthy afterwards.
    expect((await rawPost('/mcp', INITIALIZE)).status).toBe(200);
  });
});
